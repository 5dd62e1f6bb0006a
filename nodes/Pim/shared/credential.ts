import type { FunctionsBase, ICredentialsDecrypted } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { resolveConnection, type PimConnection } from './connection';

export const CREDENTIAL_TYPE = 'pimApi';

/** A context that reads the credential: every node item, pagination, dropdown and poll. */
export type CredentialContext = Pick<FunctionsBase, 'getNode' | 'getCredentials'> & {
	/** A node run's contexts have it: the credential is read once per run. */
	getExecuteData?: () => unknown;
};

/** The credential of one context and item: checked, and as n8n decrypted it. */
export interface ResolvedCredential {
	connection: PimConnection;
	decrypted: ICredentialsDecrypted;
}

/**
 * The credential is read once per node run, as n8n's own declarative engine reads it (routing-node
 * resolves it once per run, with item 0): in n8n every `getCredentials` loads the credential from
 * the database, decrypts it and resolves its expressions (about 1-2 ms of CPU each), which at
 * 50 000 items was seconds. Contexts without a run (a dropdown, a poll) read it once per context
 * and item. Keyed by the run's execute data or the context, so nothing outlives them.
 */
const resolved = new WeakMap<object, Map<number, Promise<ResolvedCredential>>>();
/** The credentials of `resolved` once read, given without an await (see settledCredential). */
const settled = new WeakMap<object, Map<number, ResolvedCredential>>();

const ownerOf = (ctx: CredentialContext, itemIndex?: number) => {
	const run = ctx.getExecuteData?.() as object | undefined;
	return { run, owner: run ?? ctx, key: run ? 0 : (itemIndex ?? -1) };
};

/** The credential when resolveCredential has read it already for this run (or context and item). */
export function settledCredential(
	ctx: CredentialContext,
	itemIndex?: number,
): ResolvedCredential | undefined {
	const { owner, key } = ownerOf(ctx, itemIndex);
	return settled.get(owner)?.get(key);
}

export function resolveCredential(
	ctx: CredentialContext,
	itemIndex?: number,
): Promise<ResolvedCredential> {
	const { run, owner, key } = ownerOf(ctx, itemIndex);
	let perItem = resolved.get(owner);
	if (!perItem) {
		perItem = new Map();
		resolved.set(owner, perItem);
	}
	let promise = perItem.get(key);
	if (!promise) {
		promise = (async () => {
			const credentials = await ctx.getCredentials(CREDENTIAL_TYPE, run ? 0 : itemIndex);
			const result = resolveConnection(credentials);
			if (result.problem) throw new CredentialProblem(result.problem.message);
			const details = ctx.getNode().credentials?.[CREDENTIAL_TYPE];
			return {
				connection: result.connection,
				decrypted: {
					id: details?.id ?? '',
					name: details?.name ?? '',
					type: CREDENTIAL_TYPE,
					data: credentials,
				},
			};
		})();
		perItem.set(key, promise);
		// A failed read (the database, say) is tried again by the next request, not remembered; a
		// credential that is wrong stays wrong for the run.
		const items = perItem;
		promise.then(
			(credential) => {
				if (items.get(key) !== promise) return;
				let values = settled.get(owner);
				if (!values) settled.set(owner, (values = new Map()));
				values.set(key, credential);
			},
			(error: unknown) => {
				if (!(error instanceof CredentialProblem)) items.delete(key);
			},
		);
	}
	return promise.catch((error: unknown) => {
		// A problem of the credential itself is each item's own error, naming the item.
		if (error instanceof CredentialProblem)
			throw new NodeOperationError(ctx.getNode(), error.message, { itemIndex });
		throw error;
	});
}

class CredentialProblem extends Error {}
