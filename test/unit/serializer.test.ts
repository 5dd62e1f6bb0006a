import { productFields } from '../../nodes/Pim/resources/product/engine/wire';
import { serializeForm } from '../../nodes/Pim/shared/serializer';

describe('serializeForm', () => {
	it('keeps brackets in keys, encodes values, repeats array keys, sends booleans as 1/0', () => {
		expect(
			serializeForm([
				['channel[0][code]', 'web'],
				['channel[0][status]', true],
				['name', 'Tee & Co = 100% cotton'],
				['color-multi-select[]', 'red'],
				['color-multi-select[]', 'blue'],
				['is_data_overwrite', false],
				['price', 19.99],
			]),
		).toBe(
			'channel[0][code]=web&channel[0][status]=1&name=Tee%20%26%20Co%20%3D%20100%25%20cotton&color-multi-select[]=red&color-multi-select[]=blue&is_data_overwrite=0&price=19.99',
		);
	});

	it('encodes unusual characters in keys but not the brackets', () => {
		expect(
			serializeForm([
				['größe', 'L'],
				['a b[]', 'x'],
			]),
		).toBe('gr%C3%B6%C3%9Fe=L&a%20b[]=x');
	});

	it('gives an empty string for no fields', () => {
		expect(serializeForm([])).toBe('');
	});
});

describe('productFields', () => {
	it('writes the create body with the wire keys of the contract, in order', () => {
		expect(
			productFields(
				{
					sku: 'TSHIRT-001',
					familyCode: 'clothing',
					languageCode: 'en_US',
					channels: [
						{ code: 'web', status: true, completenessStatus: 'complete' },
						{ code: 'amazon' },
					],
					categories: [{ code: 'shirts', channel: 'web' }, { code: 'sale' }],
					attributes: [{ code: 'name', value: 'Basic Tee' }],
					multiSelectAttributes: [{ code: 'color', values: ['red', 'blue'] }],
					images: ['https://img/a.png'],
				},
				'suffix',
			),
		).toEqual([
			['sku', 'TSHIRT-001'],
			['family_code', 'clothing'],
			['language_code', 'en_US'],
			['channel[0][code]', 'web'],
			['channel[0][status]', true],
			['channel[0][completeness_status]', 'complete'],
			['channel[1][code]', 'amazon'],
			['name', 'Basic Tee'],
			['color-multi-select[]', 'red'],
			['color-multi-select[]', 'blue'],
			['image[]', 'https://img/a.png'],
			['category[0][code]', 'shirts'],
			['category[0][channel]', 'web'],
			['category[1][code]', 'sale'],
		]);
	});

	it('adds is_data_overwrite only when given, and omits an empty family', () => {
		const fields = productFields(
			{ sku: 'A', languageCode: 'de_DE', isDataOverwrite: false },
			'suffix',
		);
		expect(fields).toEqual([
			['sku', 'A'],
			['language_code', 'de_DE'],
			['is_data_overwrite', false],
		]);
		expect(serializeForm(fields)).toBe('sku=A&language_code=de_DE&is_data_overwrite=0');
	});

	it('names multi-select values by the code alone in the plain form', () => {
		const fields = productFields(
			{
				sku: 'A',
				languageCode: 'en_US',
				multiSelectAttributes: [{ code: 'color', values: ['Red', 'Green'] }],
			},
			'plain',
		);
		expect(serializeForm(fields)).toBe('sku=A&language_code=en_US&color[]=Red&color[]=Green');
	});
});
