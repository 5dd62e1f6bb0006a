import type { IDataObject, INodeProperties } from 'n8n-workflow';

/**
 * A product sync's options, as Create or Update (version 2) and Import File read and describe
 * them; its decision for a row is send.ts's (decide).
 */

/**
 * Create or Update as a sync (version 2's Options): the account's products read once per
 * workflow execution (lookup `allProducts`, catalogue.ts), and a write compared with the product
 * the PIM holds (`skipUnchanged`, `dryRun`, compare.ts).
 */
export interface SyncOptions {
	lookup: 'perItem' | 'allProducts';
	skipUnchanged: boolean;
	dryRun: boolean;
	isDataOverwrite: boolean;
}

/**
 * A sync's Options (`saved`: the parameter's value; `defaults`: the operation's own, for those
 * not set: Create or Update's are off and one look-up per item, Import File's Skip Unchanged
 * Products is on and it reads all products once).
 */
export function syncOptions(saved: IDataObject, defaults: Partial<SyncOptions> = {}): SyncOptions {
	const on = (name: 'skipUnchanged' | 'dryRun' | 'isDataOverwrite') =>
		typeof saved[name] === 'boolean' ? saved[name] : defaults[name] === true;
	return {
		lookup: (saved.lookup ?? defaults.lookup) === 'allProducts' ? 'allProducts' : 'perItem',
		skipUnchanged: on('skipUnchanged'),
		dryRun: on('dryRun'),
		isDataOverwrite: on('isDataOverwrite'),
	};
}

const syncOption = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: false,
	description,
});

/** Options → Dry Run of a product sync (Create or Update, Import File). */
export const dryRun = (description: string) => syncOption('Dry Run', 'dryRun', description);

/** Options → Skip Unchanged Products of a product sync (off here; Import File turns it on). */
export const skipUnchanged = (description: string) =>
	syncOption('Skip Unchanged Products', 'skipUnchanged', description);

export const isDataOverwrite = syncOption(
	'Overwrite Data on Update',
	'isDataOverwrite',
	'Whether, when the product exists, the given channels, categories, images and multi-select values replace the current ones',
);
