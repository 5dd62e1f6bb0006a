import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { codeDropdown, collection, showFor } from '../../shared/descriptions';
import { FAMILY } from './descriptions/fields';
import { productWriteRouting } from './engine/send';

export const option: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update a product',
	description: 'Update a product found by SKU',
	routing: productWriteRouting('update'),
};

/** SKU (shared/descriptions.ts), Language and the content fields are shared: see fields.ts. */
export const description: INodeProperties[] = [
	collection('Update Fields', 'updateFields', {
		placeholder: 'Add Field',
		displayOptions: showFor('product', ['update']),
		options: [
			codeDropdown({ ...FAMILY, description: 'Move the product to another family.' }),
			{
				displayName: 'Overwrite Data',
				name: 'isDataOverwrite',
				type: 'boolean',
				default: false,
				description:
					'Whether the given channels, categories, images and multi-select values replace the current ones instead of being added to them',
			},
		],
	}),
];

export const writesProduct = 'changes';
export const usesSku = true;
