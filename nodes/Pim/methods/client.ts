import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { pimClient, type ClientSettings, type PimClient } from '../shared/transport';

/** How dropdowns read the account: quick to give up, so the editor never hangs. */
export const DROPDOWN_SETTINGS: ClientSettings = {
	maxConcurrency: 4,
	maxRetries: 2,
	maxRetryWaitMs: 10_000,
	timeoutMs: 20_000,
};

/** The client of one dropdown, search or field list of the editor. */
export function dropdownClient(ctx: ILoadOptionsFunctions): PimClient {
	return pimClient(ctx, DROPDOWN_SETTINGS);
}
