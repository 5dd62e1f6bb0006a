import {
	byCodeOrTitle,
	channelNames,
	familyCode,
} from '../../nodes/Pim/resources/product/account/names';

describe('byCodeOrTitle: a name found once per list, the same answer every time', () => {
	const families = [
		{ code: 'shoes', title: 'Shoes' },
		{ code: 'SHOES_OLD', title: 'Old shoes' },
	];

	it('finds the code exactly, then the title in any case, then the code in any case', () => {
		expect(byCodeOrTitle(families, 'shoes', 'title')).toEqual([families[0]]);
		expect(byCodeOrTitle(families, 'old SHOES', 'title')).toEqual([families[1]]);
		expect(byCodeOrTitle(families, 'shoes_old', 'title')).toEqual([families[1]]);
		expect(byCodeOrTitle(families, 'boots', 'title')).toEqual([]);
	});

	it('answers a repeated name as the first time, and each list by its own records', () => {
		expect(byCodeOrTitle(families, 'Shoes', 'title')).toEqual([families[0]]);
		expect(byCodeOrTitle(families, 'Shoes', 'title')).toEqual([families[0]]);
		const another = [{ code: 'footwear', title: 'Shoes' }];
		expect(byCodeOrTitle(another, 'Shoes', 'title')).toEqual([another[0]]);
		expect(familyCode(another, 'Shoes')).toBe('footwear');
		expect(familyCode(families, 'Shoes')).toBe('shoes');
	});

	it('keeps a list read by another key (a channel by its name) apart', () => {
		const records = [{ code: 'web', title: 'Shop', name: 'Website' }];
		expect(byCodeOrTitle(records, 'Shop', 'title')).toEqual(records);
		expect(byCodeOrTitle(records, 'Shop', 'name')).toEqual([]);
		expect(channelNames(records, ['Website'], (v) => v)).toEqual([['web', 'Website']]);
	});

	it('still names the families a title fits twice, asked again', () => {
		const twice = [
			{ code: 'a', title: 'Bags' },
			{ code: 'b', title: 'bags' },
		];
		for (let i = 0; i < 2; i++)
			expect(() => familyCode(twice, 'Bags')).toThrow(/is the title of 2 families/);
	});
});
