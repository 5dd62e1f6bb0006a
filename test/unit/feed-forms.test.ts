/**
 * The channels' value forms (fileExport/feeds/forms.ts) on values the demo does not hold, and the
 * form's File Format options per feed agreeing with each channel's table.
 */
import { description } from '../../nodes/Pim/resources/product/exportFile';
import { CHANNELS } from '../../nodes/Pim/resources/product/fileExport/feeds/channels';
import {
	availability,
	decimal,
	firstUrl,
	googleHtml,
	grams,
	handle,
	plainText,
	priceWithCode,
	Refusal,
	url,
	type FormContext,
} from '../../nodes/Pim/resources/product/fileExport/feeds/forms';

const inUsd = (): FormContext => ({ currency: 'USD', learnCurrency: () => undefined });

it.each([
	['392,12', '392.12'],
	['1.234,56', '1234.56'],
	['1,234.56', '1234.56'],
	['1,234,567', '1234567'],
	['1 234,5', '1234.5'],
	['12', '12'],
	['abc', undefined],
	['1.2.3,4,5', undefined],
])('decimal(%j) = %j', (given, read) => expect(decimal(given)).toBe(read));

it('prices: the code before or after, two decimals at least, never rounded; another currency or no amount refused', () => {
	expect(priceWithCode('392,12 USD', inUsd())).toBe('392.12 USD');
	expect(priceWithCode('USD 9.999', inUsd())).toBe('9.999 USD');
	expect(priceWithCode('15', inUsd())).toBe('15.00 USD');
	expect(priceWithCode('10 EUR', inUsd())).toEqual(
		new Refusal('priced in another currency than USD', 'is not in USD'),
	);
	expect(priceWithCode('free', inUsd())).toBeInstanceOf(Refusal);
	let learnt = '';
	const first: FormContext = { learnCurrency: (c) => (learnt = c) };
	expect(priceWithCode('3,50 EUR', first)).toBe('3.50 EUR');
	expect(learnt).toBe('EUR');
	expect(priceWithCode('15', { learnCurrency: () => undefined })).toEqual(
		new Refusal(
			'with a price without a currency',
			'names no currency (set Export Options → Currency)',
		),
	);
});

it('URLs as RFC 3986 writes them: escapes kept, a lone % escaped, a comma as %2C', () => {
	expect(url('https://x.example/a b/ü.jpg?q=1,2')).toBe(
		'https://x.example/a%20b/%C3%BC.jpg?q=1%2C2',
	);
	expect(url('https://x.example/a%20b%zz')).toBe('https://x.example/a%20b%25zz');
	expect(url('https://x.example/plain.jpg')).toBe('https://x.example/plain.jpg');
	// An image column holds one URL: a list's first.
	expect(firstUrl(['', 'https://x.example/1 a.jpg', 'https://x.example/2.jpg'])).toBe(
		'https://x.example/1%20a.jpg',
	);
});

it("Google's HTML: its tags only, without attributes, balanced; plain text for the others", () => {
	expect(googleHtml('<h1 id="t">Title</h1><em>x<strong>y</em>')).toBe(
		'Title<em>x<strong>y</strong></em>',
	);
	expect(googleHtml('a < b <br> c <style>p{}</style><!-- note -->')).toBe('a &lt; b <br/> c');
	expect(plainText('<p>Fish &amp; chips&nbsp;&#8364;5</p>\n<p>Hot</p>')).toBe(
		'Fish & chips €5 Hot',
	);
});

it('stock words, grams and handles', () => {
	const google = ['in_stock', 'out_of_stock', 'preorder', 'backorder'];
	expect(
		['Yes', 'true', 'In Stock', '3', 'no', '0', 'Out of stock', 'Preorder', 'later'].map((v) =>
			availability(v, google),
		),
	).toEqual([
		'in_stock',
		'in_stock',
		'in_stock',
		'in_stock',
		'out_of_stock',
		'out_of_stock',
		'out_of_stock',
		'preorder',
		'later',
	]);
	expect(['1 kg', '2.5 lb', '8 oz', '1500 mg', '0,5 Kilogram'].map(grams)).toEqual([
		'1000',
		'1134',
		'227',
		'2',
		'500',
	]);
	expect(grams('12')).toBeInstanceOf(Refusal);
	expect(handle('  Café Crème / Noir!  ')).toBe('cafe-creme-noir');
});

it("File Format's options per feed are each channel's formats, its default the first", () => {
	const formats = description.filter((p) => p.name === 'fileFormat');
	for (const [name, channel] of Object.entries(CHANNELS)) {
		const p = formats.find((f) => f.displayOptions?.show?.feed?.[0] === name)!;
		expect((p.options as Array<{ value: string }>).map((o) => o.value)).toEqual([
			...channel.formats,
		]);
		expect(p.default).toBe(channel.formats[0]);
	}
});
