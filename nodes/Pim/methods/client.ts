import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { DROPDOWN_SETTINGS } from '../shared/policy';
import { pimClient, type PimClient } from '../shared/transport';

/** The client of one dropdown, search or field list of the editor. */
export function dropdownClient(ctx: ILoadOptionsFunctions): PimClient {
	return pimClient(ctx, DROPDOWN_SETTINGS);
}
