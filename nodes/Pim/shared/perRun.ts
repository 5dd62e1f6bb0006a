import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * Reads made once per node execution and shared by its items (keyed by the execution's data):
 * the attribute catalogue, the reference lists, a sync's product catalogue. A failed read is
 * remembered for the run, so a PIM that is down costs one read (with its retries), not one per
 * item; every item then fails with the API's message and status, under its own index.
 */
const runs = new WeakMap<object, Map<string, Promise<unknown>>>();

export async function oncePerRun<T>(
	ctx: IExecuteSingleFunctions,
	key: string,
	/** What was read, for the error: "the account's families". */
	what: string,
	read: () => Promise<T>,
): Promise<T> {
	const runKey = ctx.getExecuteData() as object | undefined;
	let perRun = runKey ? runs.get(runKey) : undefined;
	if (!perRun) {
		perRun = new Map();
		if (runKey) runs.set(runKey, perRun);
	}
	let pending = perRun.get(key) as Promise<T> | undefined;
	if (!pending) {
		pending = read();
		perRun.set(key, pending);
	}
	try {
		return await pending;
	} catch (error) {
		const { message, description, httpCode } = error as NodeApiError;
		throw new NodeApiError(
			ctx.getNode(),
			{ message },
			{
				message: `Could not read ${what}: ${message}`,
				description: description ?? undefined,
				httpCode: httpCode ?? undefined,
				itemIndex: ctx.getItemIndex(),
			},
		);
	}
}
