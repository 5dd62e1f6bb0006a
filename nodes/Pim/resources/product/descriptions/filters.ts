import type { IDataObject } from 'n8n-workflow';

import { isAttributeCode } from '../../../shared/attributes';
import { codeDropdown, fixedCollection, showFor } from '../../../shared/descriptions';
import type { PimItem } from '../../../shared/item';
import { fail, optionalString } from '../../../shared/params';

/** The product list's Filters, for Get Many and Export File: defined once, read once. */

/** Filters as the list's query: each filter `filter[<attribute_code>]=<value>`. */
export function filterQuery(item: PimItem): IDataObject {
	const qs: IDataObject = {};
	const filters = item.param<IDataObject>('filters', {}).filter as IDataObject[] | undefined;
	for (const filter of filters ?? []) {
		const code = optionalString(filter.attribute);
		if (!code || !isAttributeCode(code))
			fail(
				`Parameter "Filters": every filter needs a valid attribute code${code ? ` (got "${code}")` : ''}`,
			);
		qs[`filter[${code}]`] = String(filter.value ?? '');
	}
	return qs;
}

/** One definition for both operations: n8n evaluates a parameter once per definition of its name. */
export const filters = fixedCollection('Filters', 'filters', 'Add Filter', {
	description: 'Only products whose attribute has this value; several filters must all match',
	displayOptions: showFor('product', ['getAll', 'exportFile']),
	options: [
		{
			displayName: 'Filter',
			name: 'filter',
			values: [
				codeDropdown({
					displayName: 'Attribute',
					name: 'attribute',
					method: 'getFilterAttributes',
				}),
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
				},
			],
		},
	],
});
