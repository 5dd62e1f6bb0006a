import {
	attributeFields,
	fieldLabel,
	ALL_FIELDS_UP_TO,
} from '../../nodes/Pim/methods/mapperFields';
import { matchField, wireValue } from '../../nodes/Pim/resources/product/engine/mapping';
import { attributeKind, catalogOf, type AccountAttribute } from '../../nodes/Pim/shared/attributes';

describe('attributeKind: the type label, however a PIM spells it', () => {
	it.each([
		['Multi Select', 'multiSelect'],
		['multi-select', 'multiSelect'],
		['multiselect', 'multiSelect'],
		['Multiple Select', 'multiSelect'],
		['MULTI_SELECT', 'multiSelect'],
		['Multi-Select (Dropdown)', 'multiSelect'],
		['Multiple Choice', 'multiSelect'],
		['Checkboxes', 'multiSelect'],
		['Boolean', 'boolean'],
		['Yes/No', 'boolean'],
		['Date', 'date'],
		['Date Picker', 'date'],
		['Number', 'number'],
		['Integer', 'number'],
		['Single Select', 'select'],
		['Dropdown', 'select'],
		['Price', 'text'],
		['Metric', 'text'],
		['Text Area (Rich Text)', 'text'],
		['File', 'text'],
		['Date Time', 'text'],
		['', 'text'],
		[undefined, 'text'],
	])('%s → %s', (label, kind) => {
		expect(attributeKind(label)).toBe(kind);
	});
});

describe('matching an input field to an attribute', () => {
	const catalog = catalogOf([
		{ code: 'name', title: 'Name', type: 'Text Field' },
		{ code: 'inStock', title: 'In Stock', type: 'Text Field' },
		{ code: 'finish', title: 'Finish', type: 'Text Field' },
		{ code: 'surface_finish', title: 'Finish', type: 'Text Field' },
		{ code: 'Size', title: 'Size EU', type: 'Text Field' },
		{ code: 'size', title: 'Size US', type: 'Text Field' },
		{ code: '', title: 'No code', type: 'Text Field' },
	]);
	const codes = (field: string) => matchField(field, catalog).map((a) => a.code);

	it('the code exactly, before anything else', () => {
		expect(codes('name')).toEqual(['name']);
		expect(codes('Size')).toEqual(['Size']);
	});
	it('else the code or the title, ignoring case', () => {
		expect(codes('INSTOCK')).toEqual(['inStock']);
		expect(codes('in stock')).toEqual(['inStock']);
		expect(codes(' Name ')).toEqual(['name']);
	});
	it('several attributes when the field is ambiguous', () => {
		expect(codes('FINISH').sort()).toEqual(['finish', 'surface_finish']);
		expect(codes('SIZE').sort()).toEqual(['Size', 'size']);
	});
	it('nothing for an unknown field; records without a code are skipped', () => {
		expect(codes('Supplier')).toEqual([]);
		expect(codes('No code')).toEqual([]);
	});
});

describe('the editor fields', () => {
	const attr = (
		code: string,
		title: string,
		typeLabel: string,
		extra: Partial<AccountAttribute> = {},
	): AccountAttribute => ({
		code,
		title,
		typeLabel,
		kind: attributeKind(typeLabel),
		...extra,
	});

	it('labels name the title, the code when it differs, and the type', () => {
		expect(fieldLabel(attr('price', 'Price', 'Price'))).toBe('Price · Price');
		expect(fieldLabel(attr('inStock', 'In Stock', 'Text Field'))).toBe(
			'In Stock (inStock) · Text Field',
		);
		expect(fieldLabel(attr('upc', '', ''))).toBe('upc');
	});

	it('a select with known choices is a dropdown; yes/no fields start unset', () => {
		const [material, featured] = attributeFields([
			attr('material', 'Material', 'Single Select', { options: ['Cotton', 'Wool'] }),
			attr('is_featured', 'Zz Featured', 'Boolean'),
		]);
		expect(material).toMatchObject({
			type: 'options',
			options: [
				{ name: 'Cotton', value: 'Cotton' },
				{ name: 'Wool', value: 'Wool' },
			],
		});
		expect(featured).toMatchObject({ type: 'boolean', defaultValue: null });
	});

	it(`up to ${ALL_FIELDS_UP_TO} attributes every field is in the form; above, none is`, () => {
		const many = (n: number) =>
			Array.from({ length: n }, (_, i) => attr(`a${i}`, `A ${i}`, 'Text Field'));
		expect(attributeFields(many(ALL_FIELDS_UP_TO)).some((f) => f.removed)).toBe(false);
		expect(attributeFields(many(ALL_FIELDS_UP_TO + 1)).every((f) => f.removed)).toBe(true);
	});
});

describe("a multi-select's values on the wire", () => {
	const values = (value: unknown) => wireValue('color', 'multiSelect', value, 'the cell "color"');

	it('a comma-separated text: split at its commas, each part trimmed, blank parts dropped', () => {
		expect(values('Red,  Green , ,Blue')).toEqual(['Red', 'Green', 'Blue']);
	});

	it('a JSON list or an array: each value as it is, spaces around it kept; blank ones dropped', () => {
		// The form Export File writes a value with spaces around it or a comma in (a round trip).
		expect(values('[" Blue","Green, dark","[x]",""," "]')).toEqual([' Blue', 'Green, dark', '[x]']);
		expect(values([' Blue', 'Red ', null, 2])).toEqual([' Blue', 'Red ', '2']);
		expect(values('[]')).toBeUndefined();
		expect(values(['', '  '])).toBeUndefined();
	});
});
