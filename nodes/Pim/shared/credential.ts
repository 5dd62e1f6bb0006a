import type { FunctionsBase, ICredentialsDecrypted } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { resolveConnection, type PimConnection } from './connection';
import type { Later } from './run';

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
 * Read once per node run (with item 0), as n8n's declarative engine does: each `getCredentials`
 * loads, decrypts and resolves it (1-2 ms of CPU; seconds at 50 000 items). Without a run (a
 * dropdown, a poll): once per context and item. Keyed by the run's execute data or the context,
 * so nothing outlives them.
 */
const resolved = new WeakMap<object, Map<number, Reading>>();

/** A credential being read, and once read, the credential itself (given without an await). */
interface Reading {
	promise: Promise<ResolvedCredential>;
	value?: ResolvedCredential;
}

/**
 * The credential of a context and item, read once per run (or per context and item). Once read,
 * given as it is (Later): a prepared item awaits nothing for it.
 */
export function credentialOf(
	ctx: CredentialContext,
	itemIndex?: number,
): Later<ResolvedCredential> {
	const run = ctx.getExecuteData?.() as object | undefined;
	const owner = run ?? ctx;
	let perItem = resolved.get(owner);
	if (!perItem) resolved.set(owner, (perItem = new Map()));
	const key = run ? 0 : (itemIndex ?? -1);
	let reading = perItem.get(key);
	if (reading?.value) return reading.value;
	if (!reading) {
		const promise = (async () => {
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
		const started: Reading = (reading = { promise });
		perItem.set(key, started);
		// A failed read (the database, say) is tried again by the next request, not remembered; a
		// credential that is wrong stays wrong for the run.
		promise.then(
			(credential) => (started.value = credential),
			(error: unknown) => {
				if (!(error instanceof CredentialProblem)) perItem.delete(key);
			},
		);
	}
	return reading.promise.catch((error: unknown) => {
		// A problem of the credential itself is each item's own error, naming the item.
		if (error instanceof CredentialProblem)
			throw new NodeOperationError(ctx.getNode(), error.message, { itemIndex });
		throw error;
	});
}

class CredentialProblem extends Error {}
