import type { MultiSelectForm } from '../../../shared/connection';
import { serializeForm, type FormField } from '../../../shared/serializer';
import { withFields } from '../../../shared/records';
import type { ProductBody } from './body';
import type { ResolvedWrite, ProductWrite } from './stages';

/**
 * The wire stage of a product write (write.ts): the one place its body becomes form fields, in
 * the order the interface lists them, and the form is made once for each way it is sent: the
 * comparison, the catalogue's record of what was written and the request all take that form.
 */

/** The write as it goes on the wire: its forms, made when first asked for. */
export function wired(write: ResolvedWrite, multiSelectForm: MultiSelectForm): ProductWrite {
	const { body } = write;
	// The form, made once for each value of Overwrite Data it is sent with (none: the body's).
	const made = new Map<boolean | undefined, string>();
	const make = (isDataOverwrite?: boolean) =>
		serializeForm(
			productFields(
				isDataOverwrite === undefined ? body() : withFields(body(), { isDataOverwrite }),
				multiSelectForm,
			),
		);
	return withFields(write, {
		multiSelectForm,
		languages: write.languages.map((l) =>
			withFields(l, { form: () => serializeForm(productFields(l.body, multiSelectForm)) }),
		),
		form: (isDataOverwrite?: boolean): string => {
			let form = made.get(isDataOverwrite);
			if (form === undefined) made.set(isDataOverwrite, (form = make(isDataOverwrite)));
			return form;
		},
	});
}

/** The fields of a product create/update body, in the order the interface lists them. */
export function productFields(product: ProductBody, form: MultiSelectForm): FormField[] {
	const fields: FormField[] = [['sku', product.sku]];
	if (product.familyCode) fields.push(['family_code', product.familyCode]);
	fields.push(['language_code', product.languageCode]);
	if (product.isDataOverwrite !== undefined)
		fields.push(['is_data_overwrite', product.isDataOverwrite]);

	(product.channels ?? []).forEach((channel, i) => {
		fields.push([`channel[${i}][code]`, channel.code]);
		if (channel.status !== undefined) fields.push([`channel[${i}][status]`, channel.status]);
		if (channel.completenessStatus)
			fields.push([`channel[${i}][completeness_status]`, channel.completenessStatus]);
	});
	for (const attribute of product.attributes ?? []) fields.push([attribute.code, attribute.value]);
	for (const attribute of product.multiSelectAttributes ?? []) {
		const key = form === 'plain' ? `${attribute.code}[]` : `${attribute.code}-multi-select[]`;
		for (const value of attribute.values) fields.push([key, value]);
	}
	for (const image of product.images ?? []) fields.push(['image[]', image]);
	(product.categories ?? []).forEach((category, i) => {
		fields.push([`category[${i}][code]`, category.code]);
		if (category.channel) fields.push([`category[${i}][channel]`, category.channel]);
	});
	return fields;
}
