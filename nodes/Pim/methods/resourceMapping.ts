import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { attributeCodeProblem, catalogOf } from '../shared/attributes';
import { readAll, SOURCES } from '../shared/reading';
import { dropdownClient } from './client';
import { attributeFields, MAX_FIELDS } from './mapperFields';

/** Version 2's `columns` mapper: the account's attributes (all pages) as fields. */
export async function getAttributeFields(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	// One field per code the node can send (duplicates and reserved codes such as sku left out).
	const attributes = [
		...catalogOf(await readAll(dropdownClient(this), SOURCES.attribute)).byCode.values(),
	].filter((a) => !attributeCodeProblem(a.code));
	if (attributes.length > MAX_FIELDS) {
		return {
			fields: [],
			emptyFieldsNotice: `This account has ${attributes.length.toLocaleString('en-US')} attributes, more than n8n's field list handles (${MAX_FIELDS.toLocaleString('en-US')}). Use Map Automatically: name the input fields like the attributes' codes or titles (an Edit Fields node before this one can rename them).`,
		};
	}
	return {
		fields: attributeFields(attributes),
		...(attributes.length ? {} : { emptyFieldsNotice: 'The account has no attributes yet.' }),
	};
}
