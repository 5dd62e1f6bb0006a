import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { accountAttribute, attributeFields, type AccountAttribute } from '../resources/product/mapping';
import { readAll, SOURCES } from './reading';

/** Version 2's `columns` mapper: the account's attributes (all pages) as fields. */
export async function getAttributeFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const attributes = (await readAll(this, SOURCES.attribute))
		.map(accountAttribute)
		.filter((a): a is AccountAttribute => a !== undefined);
	return {
		fields: attributeFields(attributes),
		...(attributes.length ? {} : { emptyFieldsNotice: 'The account has no attributes yet.' }),
	};
}
