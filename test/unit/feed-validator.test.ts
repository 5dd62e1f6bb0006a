/**
 * The feed validator of the tests (test/helpers/feedValidator.ts), against small hand-written
 * feeds: good feeds of each channel and format give no problem, and each rule of feed-rules.md it
 * checks is broken once, on one product, and named with its column and rule (and nothing else is).
 */
import {
	validateFeed,
	type FeedChannel,
	type FeedFormat,
	type FeedReport,
} from '../helpers/feedValidator';

type Product = Record<string, string>;

/** The headers of the products, in order of first appearance. */
function headersOf(products: Product[]): string[] {
	return [...new Set(products.flatMap((product) => Object.keys(product)))];
}

/** A tab-separated feed, lines ending in CRLF (`eol` to change). */
function tsv(products: Product[], headers = headersOf(products), eol = '\r\n'): string {
	return [headers, ...products.map((product) => headers.map((header) => product[header] ?? ''))]
		.map((cells) => cells.join('\t') + eol)
		.join('');
}

/** An RFC 4180 CSV feed that quotes a value holding whitespace, a comma or a quote (as Meta asks). */
function csv(products: Product[], headers = headersOf(products)): string {
	const cell = (value: string) => (/[\s,"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
	return [headers, ...products.map((product) => headers.map((header) => product[header] ?? ''))]
		.map((cells) => cells.map(cell).join(',') + '\r\n')
		.join('');
}

function escapeXml(value: string): string {
	return value
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

/** An RSS 2.0 feed with Google's namespace, each field a `g:` element. */
function xml(products: Product[]): string {
	const items = products.map(
		(product) =>
			'    <item>\n' +
			Object.entries(product)
				.map(([name, value]) => `      <g:${name}>${escapeXml(value)}</g:${name}>\n`)
				.join('') +
			'    </item>\n',
	);
	return (
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		'<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n' +
		'  <channel>\n' +
		'    <title>Example shop</title>\n' +
		'    <link>https://shop.example.com</link>\n' +
		'    <description>The shop&apos;s products</description>\n' +
		items.join('') +
		'  </channel>\n' +
		'</rss>\n'
	);
}

function write(format: FeedFormat, products: Product[]): string {
	return format === 'tsv' ? tsv(products) : format === 'csv' ? csv(products) : xml(products);
}

/** The problems as `row column rule` (what most tests compare). */
function named(report: FeedReport): string[] {
	return report.problems.map((problem) => `${problem.row} ${problem.column} ${problem.rule}`);
}

/** A case of one broken rule: the second product patched, the problem expected on it. */
type Case = [title: string, patch: Product, column: string, rule: string];

/** The validator names exactly the one problem of the patched second product. */
function expectOneProblem(
	channel: FeedChannel,
	format: FeedFormat,
	products: [Product, Product],
	[, patch, column, rule]: Case,
) {
	const second = { ...products[1], ...patch };
	const report = validateFeed(channel, format, write(format, [products[0], second]));
	expect(named(report)).toEqual([`2 ${column} ${rule}`]);
	expect(report.problems[0]).toEqual({
		row: 2,
		id: second.id,
		column,
		rule,
		value: second[column] ?? '',
	});
}

// ---------------------------------------------------------------------------------------------

const GOOGLE_A: Product = {
	id: 'MUG-1',
	title: 'Red mug, 350 ml',
	description:
		'<strong>Stoneware</strong> mug, 2 < 3 &amp; more.<br/><ul><li>350 ml</li><li>Safe</li></ul><BR>',
	link: 'https://shop.example.com/products/red-mug?variant=1&ref=feed',
	image_link: 'https://cdn.example.com/images/red%20mug%2C%20front.JPEG',
	availability: 'in_stock',
	price: '15.00 USD',
	condition: 'new',
	product_type: 'Home > Kitchen > Indoor/Outdoor',
	brand: 'Acme',
};
const GOOGLE_B: Product = {
	id: 'MUG-2',
	title: 'Blue mug',
	description: '<div><span>Blue</span> <em>mug</em></div><dl><dt>Size</dt><dd>350 ml</dd></dl>',
	link: 'https://shop.example.com/products/blue-mug',
	image_link: 'https://cdn.example.com/images/12345',
	availability: 'backorder',
	availability_date: '2030-01-31T13:00-0800',
	price: '1299 JPY',
	condition: '',
	product_type: 'AC / DC',
	brand: 'Acme',
};

describe('Google Merchant Center', () => {
	it.each(['tsv', 'xml'] as const)(
		'a good %s feed has no problem and reads as written',
		(format) => {
			const report = validateFeed(
				'googleMerchantCenter',
				format,
				write(format, [GOOGLE_A, GOOGLE_B]),
			);
			expect(report.problems).toEqual([]);
			expect(report.headers).toEqual(headersOf([GOOGLE_A, GOOGLE_B]));
			// A text feed gives every product every column; an XML item only the fields it holds.
			expect(report.rows).toEqual(
				format === 'tsv'
					? [{ ...GOOGLE_A, availability_date: '' }, GOOGLE_B]
					: [GOOGLE_A, GOOGLE_B],
			);
		},
	);

	it('reads LF line ends and a Buffer the same', () => {
		const file = Buffer.from(tsv([GOOGLE_A, GOOGLE_B], undefined, '\n'));
		const report = validateFeed('googleMerchantCenter', 'tsv', file);
		expect(report.problems).toEqual([]);
		expect(report.rows).toEqual([{ ...GOOGLE_A, availability_date: '' }, GOOGLE_B]);
	});

	const cases: Case[] = [
		['id missing', { id: '' }, 'id', 'required'],
		['id of 51 characters', { id: 'M'.repeat(51) }, 'id', 'maxLength'],
		['title missing', { title: '' }, 'title', 'required'],
		['title of 151 characters', { title: 't'.repeat(151) }, 'title', 'maxLength'],
		['description missing', { description: '' }, 'description', 'required'],
		[
			'description of 5001 characters',
			{ description: 'd'.repeat(5001) },
			'description',
			'maxLength',
		],
		['description with <p>', { description: '<p>Mug</p>' }, 'description', 'html'],
		[
			'description with a script',
			{ description: 'Mug<script>x()</script>' },
			'description',
			'html',
		],
		['description with a comment', { description: 'Mug<!-- x -->' }, 'description', 'html'],
		[
			'description tag with an attribute',
			{ description: '<span class="x">Mug</span>' },
			'description',
			'htmlAttribute',
		],
		['description tag not closed', { description: '<strong>Mug' }, 'description', 'htmlWellFormed'],
		[
			'description tags crossed',
			{ description: '<em><strong>Mug</em></strong>' },
			'description',
			'htmlWellFormed',
		],
		['description tag cut off', { description: 'Mug <strong' }, 'description', 'htmlWellFormed'],
		['link missing', { link: '' }, 'link', 'required'],
		['link not http(s)', { link: 'ftp://shop.example.com/mug' }, 'link', 'url'],
		['link relative', { link: '/products/blue-mug' }, 'link', 'url'],
		[
			'link not ASCII',
			{ link: 'https://shop.example.com/products/tasse-café' },
			'link',
			'urlAscii',
		],
		[
			'link with a space',
			{ link: 'https://shop.example.com/products/blue mug' },
			'link',
			'urlEncoding',
		],
		['link with a raw quote', { link: 'https://shop.example.com/p/"blue"' }, 'link', 'urlEncoding'],
		[
			'link with a broken escape',
			{ link: 'https://shop.example.com/p/blue%2' },
			'link',
			'urlEncoding',
		],
		[
			'link of 2001 characters',
			{ link: 'https://shop.example.com/' + 'a'.repeat(1976) },
			'link',
			'maxLength',
		],
		['image_link missing', { image_link: '' }, 'image_link', 'required'],
		[
			'image_link not http(s)',
			{ image_link: 'ftp://cdn.example.com/images/blue.png' },
			'image_link',
			'url',
		],
		[
			'image_link with a raw comma',
			{ image_link: 'https://cdn.example.com/images/blue,front.jpg' },
			'image_link',
			'urlComma',
		],
		[
			'image_link not an image extension',
			{ image_link: 'https://cdn.example.com/images/blue.avif' },
			'image_link',
			'imageFormat',
		],
		[
			'image_link an SVG with a query',
			{ image_link: 'https://cdn.example.com/images/blue.svg?w=800' },
			'image_link',
			'imageFormat',
		],
		['availability missing', { availability: '' }, 'availability', 'required'],
		['availability with a space', { availability: 'in stock' }, 'availability', 'availability'],
		['availability in another case', { availability: 'In_Stock' }, 'availability', 'availability'],
		[
			'preorder without a date',
			{ availability: 'preorder', availability_date: '' },
			'availability_date',
			'availabilityDate',
		],
		[
			'backorder without a date',
			{ availability: 'backorder', availability_date: '' },
			'availability_date',
			'availabilityDate',
		],
		['price missing', { price: '' }, 'price', 'required'],
		['price with a decimal comma', { price: '15,00 USD' }, 'price', 'price'],
		['price without a currency', { price: '15.00' }, 'price', 'price'],
		['price with the code first', { price: 'USD 15.00' }, 'price', 'price'],
		['price with a symbol', { price: '$15.00' }, 'price', 'price'],
		['price with a lowercase code', { price: '15.00 usd' }, 'price', 'price'],
		['price with thousands separators', { price: '1,299.00 USD' }, 'price', 'price'],
		['price in no ISO 4217 currency', { price: '15.00 ABC' }, 'price', 'currency'],
		['condition in another case', { condition: 'New' }, 'condition', 'condition'],
		['condition not a condition', { condition: 'mint' }, 'condition', 'condition'],
		[
			'product_type split by /',
			{ product_type: 'Home/Kitchen/Mugs' },
			'product_type',
			'categoryPath',
		],
		['product_type split by >', { product_type: 'Home>Kitchen' }, 'product_type', 'categoryPath'],
		[
			'product_type empty level',
			{ product_type: 'Home >  > Mugs' },
			'product_type',
			'categoryPath',
		],
	];
	describe.each(['tsv', 'xml'] as const)('%s: one bad product per rule', (format) => {
		it.each(cases)('%s', (...example) =>
			expectOneProblem('googleMerchantCenter', format, [GOOGLE_A, GOOGLE_B], example),
		);
	});

	it.each(['tsv', 'xml'] as const)('%s: an id twice names both products', (format) => {
		const report = validateFeed(
			'googleMerchantCenter',
			format,
			write(format, [GOOGLE_A, { ...GOOGLE_B, id: 'MUG-1' }]),
		);
		expect(report.problems).toEqual([
			{ row: 1, id: 'MUG-1', column: 'id', rule: 'duplicateId', value: 'MUG-1' },
			{ row: 2, id: 'MUG-1', column: 'id', rule: 'duplicateId', value: 'MUG-1' },
		]);
	});

	it('names a header that is not lowercase words joined by _', () => {
		const { image_link, ...rest } = GOOGLE_A;
		const report = validateFeed(
			'googleMerchantCenter',
			'tsv',
			tsv([{ ...rest, 'Image Link': image_link }]),
		);
		expect(named(report)).toEqual(['0 Image Link header', '1 image_link required']);
	});

	it('takes tab-separated text or XML, not CSV', () => {
		const report = validateFeed('googleMerchantCenter', 'csv', csv([GOOGLE_A, GOOGLE_B]));
		expect(named(report)).toEqual(['0  format']);
		expect(report.rows).toHaveLength(2);
	});
});

// ---------------------------------------------------------------------------------------------

describe('text feeds', () => {
	it('a byte order mark before a TSV header is a problem; the header is read without it', () => {
		const report = validateFeed('googleMerchantCenter', 'tsv', '\uFEFF' + tsv([GOOGLE_A]));
		expect(named(report)).toEqual(['0  file']);
		expect(report.headers[0]).toBe('id');
		const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(tsv([GOOGLE_A]))]);
		expect(named(validateFeed('meta', 'tsv', bytes))).toContain('0  file');
	});

	it('a byte order mark before a CSV header is allowed', () => {
		const report = validateFeed('meta', 'csv', '\uFEFF' + csv([META_A]));
		expect(report.problems).toEqual([]);
		expect(report.headers[0]).toBe('id');
	});

	it('bytes that are not UTF-8 are a problem', () => {
		const file = Buffer.from(tsv([{ ...GOOGLE_A, title: 'Tasse caf\u00e9' }]), 'latin1');
		expect(named(validateFeed('googleMerchantCenter', 'tsv', file))).toEqual(['0  encoding']);
	});

	it('a TSV line with another number of cells than the header is a problem', () => {
		const file =
			tsv([GOOGLE_A]) + tsv([GOOGLE_B]).split('\r\n')[1].split('\t').slice(0, 3).join('\t');
		expect(named(validateFeed('googleMerchantCenter', 'tsv', file))).toContain('2  columns');
	});

	it('a CR left inside a TSV value is a line break', () => {
		const report = validateFeed(
			'googleMerchantCenter',
			'tsv',
			tsv([GOOGLE_A, { ...GOOGLE_B, title: 'Blue\rmug' }]),
		);
		expect(named(report)).toEqual(['2 title lineBreak']);
	});

	it('a quoted line break in CSV is a problem for Meta, not for Shopify', () => {
		const report = validateFeed(
			'meta',
			'csv',
			csv([META_A, { ...META_B, description: 'A mug.\nBlue.' }]),
		);
		expect(named(report)).toEqual(['2 description lineBreak']);
		expect(report.rows[1].description).toBe('A mug.\nBlue.');
		const shopify = validateFeed(
			'shopify',
			'csv',
			csv([{ ...SHOPIFY[0], 'Body (HTML)': '<p>a</p>\n<p>b</p>' }]),
		);
		expect(shopify.problems).toEqual([]);
	});

	it('a repeated or empty header is a problem', () => {
		const file = 'id\ttitle\tid\t\r\nMUG-1\tMug\tMUG-1\t\r\n';
		expect(named(validateFeed('meta', 'tsv', file)).filter((name) => name.startsWith('0'))).toEqual(
			['0 id header', '0  header'],
		);
	});
});

// ---------------------------------------------------------------------------------------------

describe('XML', () => {
	const good = xml([GOOGLE_A, GOOGLE_B]);

	it('decodes entities, numeric references and CDATA', () => {
		const file = good
			.replace(
				'<g:title>Blue mug</g:title>',
				'<title>Mugs &amp; cups &#x263A; &#233; &quot;x&apos;</title>',
			)
			.replace(
				`<g:description>${escapeXml(GOOGLE_B.description)}</g:description>`,
				'<description><![CDATA[<em>Blue</em> & mug]]></description>',
			);
		const report = validateFeed('googleMerchantCenter', 'xml', file);
		expect(report.problems).toEqual([]);
		expect(report.rows[1].title).toBe('Mugs & cups \u263a \u00e9 "x\'');
		expect(report.rows[1].description).toBe('<em>Blue</em> & mug');
	});

	it.each([
		[
			'a root other than rss',
			good.replace('<rss ', '<feed ').replace('</rss>', '</feed>'),
			'0  rss',
		],
		['RSS other than 2.0', good.replace('version="2.0"', 'version="0.92"'), '0  rss'],
		[
			'no g: namespace',
			good.replace(' xmlns:g="http://base.google.com/ns/1.0"', ''),
			'0  namespace',
		],
		['another g: namespace', good.replace('ns/1.0', 'ns/2.0'), '0  namespace'],
		['an item not closed', good.replace(/<\/item>\n {2}<\/channel>/, '</channel>'), '0  xml'],
		['an & not escaped', good.replace('Blue mug', 'Blue & mug'), '0  xml'],
		['an entity XML does not define', good.replace('Blue mug', 'Blue&nbsp;mug'), '0  xml'],
		['a character XML forbids', good.replace('Blue mug', 'Blue\u0001mug'), '0  xml'],
		['text after the root', good + 'trailing', '0  xml'],
		['a tag not ended', good.replace('<g:title>Blue mug', '<g:title Blue mug'), '0  xml'],
		[
			'an item outside the channel',
			good.replace('</channel>\n</rss>', '</channel>\n<item></item>\n</rss>'),
			'0  rss',
		],
		[
			'an undeclared prefix',
			good.replace('<g:brand>Acme</g:brand>', '<c:brand>Acme</c:brand>'),
			'0  xml',
		],
	])('%s is a problem', (_title, file, problem) => {
		expect(named(validateFeed('googleMerchantCenter', 'xml', file))).toContain(problem);
	});

	it('an unclosed item is no product', () => {
		const report = validateFeed(
			'googleMerchantCenter',
			'xml',
			good.replace(/<\/item>\n {2}<\/channel>/, '</channel>'),
		);
		expect(report.rows).toHaveLength(1);
	});

	it('a field outside the g: namespace is a problem; RSS title, link and description are not', () => {
		const file = good
			.replace('<g:title>Blue mug</g:title>', '<title>Blue mug</title>')
			.replace('<g:price>1299 JPY</g:price>', '<price>1299 JPY</price>');
		expect(named(validateFeed('googleMerchantCenter', 'xml', file))).toEqual(['2 price namespace']);
	});

	it('a single-valued field given twice in an item is a problem', () => {
		const file = good.replace(
			'<g:price>1299 JPY</g:price>',
			'<g:price>1299 JPY</g:price><g:price>12 USD</g:price>',
		);
		const report = validateFeed('googleMerchantCenter', 'xml', file);
		expect(named(report)).toContain('2 price repeated');
	});
});

// ---------------------------------------------------------------------------------------------

const META_A: Product = {
	id: 'MUG-1',
	title: 'Red mug',
	description: 'A stoneware mug, 350 ml: Tom & Jerry say 2 < 3. Dishwasher safe.',
	availability: 'in stock',
	condition: 'new',
	price: '9.99 USD',
	link: 'https://shop.example.com/products/red-mug',
	image_link: 'https://cdn.example.com/images/red-mug.jpg',
	brand: 'Acme',
	item_group_id: 'MUG',
	color: 'Red',
};
const META_B: Product = {
	id: 'MUG-2',
	title: 'Blue mug',
	description: 'A blue stoneware mug.',
	availability: 'available for order',
	condition: 'refurbished',
	price: '12 EUR',
	link: 'https://shop.example.com/products/blue-mug',
	image_link: 'https://cdn.example.com/images/blue-mug.png',
	brand: '',
	mpn: 'AC-2',
	item_group_id: 'MUG',
	color: 'Blue',
};

describe('Meta', () => {
	it.each(['csv', 'tsv', 'xml'] as const)(
		'a good %s feed has no problem and reads as written',
		(format) => {
			const report = validateFeed('meta', format, write(format, [META_A, META_B]));
			expect(report.problems).toEqual([]);
			expect(report.rows[1]).toEqual(META_B);
		},
	);

	it.each(['in stock', 'out of stock', 'preorder', 'available for order', 'discontinued'])(
		'takes availability %s',
		(availability) => {
			expect(validateFeed('meta', 'tsv', tsv([{ ...META_A, availability }])).problems).toEqual([]);
		},
	);

	const cases: Case[] = [
		['id missing', { id: '' }, 'id', 'required'],
		['id of 101 characters', { id: 'M'.repeat(101) }, 'id', 'maxLength'],
		['title missing', { title: '' }, 'title', 'required'],
		['title of 201 characters', { title: 't'.repeat(201) }, 'title', 'maxLength'],
		['description missing', { description: '' }, 'description', 'required'],
		[
			'description of 10000 characters',
			{ description: 'd'.repeat(10000) },
			'description',
			'maxLength',
		],
		['description with HTML', { description: '<p>A blue mug.</p>' }, 'description', 'html'],
		[
			'description with a line break tag',
			{ description: 'A blue<br/>mug.' },
			'description',
			'html',
		],
		['description with an entity', { description: 'Mugs &amp; cups' }, 'description', 'entity'],
		[
			'description with a numeric entity',
			{ description: 'Tom&#39;s mug' },
			'description',
			'entity',
		],
		[
			'description with a link',
			{ description: 'See https://shop.example.com' },
			'description',
			'linkInText',
		],
		[
			'description with www.',
			{ description: 'Visit www.example.com today' },
			'description',
			'linkInText',
		],
		['description the title', { description: 'BLUE MUG' }, 'description', 'sameAsTitle'],
		['availability missing', { availability: '' }, 'availability', 'required'],
		['availability in Google words', { availability: 'in_stock' }, 'availability', 'availability'],
		['availability in another case', { availability: 'In Stock' }, 'availability', 'availability'],
		['condition missing', { condition: '' }, 'condition', 'required'],
		['condition in another case', { condition: 'NEW' }, 'condition', 'condition'],
		['price missing', { price: '' }, 'price', 'required'],
		['price with a decimal comma', { price: '9,99 USD' }, 'price', 'price'],
		['price without a code', { price: '9.99' }, 'price', 'price'],
		['price in no ISO 4217 currency', { price: '9.99 XYZ' }, 'price', 'currency'],
		['link missing', { link: '' }, 'link', 'required'],
		['link relative', { link: '/products/blue-mug' }, 'link', 'url'],
		['link without a scheme', { link: 'shop.example.com/products/blue-mug' }, 'link', 'url'],
		['link with a space', { link: 'https://shop.example.com/blue mug' }, 'link', 'url'],
		['image_link missing', { image_link: '' }, 'image_link', 'required'],
		['image_link relative', { image_link: 'images/blue-mug.png' }, 'image_link', 'url'],
		['no brand, gtin or mpn', { brand: '', gtin: '', mpn: ' ' }, 'brand', 'brand'],
		['a variant without its field', { color: '' }, 'item_group_id', 'variant'],
	];
	describe.each(['csv', 'tsv', 'xml'] as const)('%s: one bad product per rule', (format) => {
		it.each(cases)('%s', (...example) =>
			expectOneProblem('meta', format, [META_A, META_B], example),
		);
	});

	it('an id twice names both products', () => {
		const report = validateFeed('meta', 'csv', csv([META_A, { ...META_B, id: 'MUG-1' }]));
		expect(named(report)).toEqual(['1 id duplicateId', '2 id duplicateId']);
	});

	it('a lone product of a group needs no variant field', () => {
		expect(validateFeed('meta', 'tsv', tsv([{ ...META_A, color: '' }])).problems).toEqual([]);
	});

	it('CSV: a value holding whitespace not enclosed in quotes is a problem', () => {
		const file = csv([META_A]).replace('"in stock"', 'in stock');
		const report = validateFeed('meta', 'csv', file);
		expect(report.rows[0].availability).toBe('in stock');
		expect(report.problems).toEqual([
			{ row: 1, id: 'MUG-1', column: 'availability', rule: 'csvQuoting', value: 'in stock' },
		]);
		// Shopify's CSV is not held to Meta's rule.
		const shopify = csv(SHOPIFY).replace('"Red mug"', 'Red mug');
		expect(shopify).toContain(',Red mug,');
		expect(validateFeed('shopify', 'csv', shopify).problems).toEqual([]);
	});
});

// ---------------------------------------------------------------------------------------------

const SHOPIFY: Product[] = [
	{
		Handle: 'red-mug',
		Title: 'Red mug',
		'Body (HTML)': '<p>A <strong>stoneware</strong> mug.</p>',
		Vendor: 'Acme',
		'Product Category': 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs',
		Type: 'Mugs',
		Tags: 'kitchen, mugs',
		Published: 'TRUE',
		'Option1 Name': 'Size',
		'Option1 Value': 'Small',
		'Option2 Name': 'Colour',
		'Option2 Value': 'Red',
		'Variant SKU': 'MUG-R-S',
		'Variant Grams': '350',
		'Variant Price': '15.00',
		'Image Src': 'https://cdn.example.com/images/red-mug.jpg',
		Status: 'active',
	},
	{
		Handle: 'red-mug',
		'Option1 Value': 'Large',
		'Option2 Value': 'Red',
		'Variant SKU': 'MUG-R-L',
		'Variant Grams': '450.5',
		'Variant Price': '18',
	},
	{
		Handle: 'red-mug',
		'Option1 Value': 'Large',
		'Option2 Value': 'Blue',
		'Variant SKU': 'MUG-B-L',
		'Variant Price': '18',
	},
	{ Handle: 'red-mug', 'Image Src': 'https://cdn.example.com/images/red-mug-back.jpg' },
	{
		Handle: 'Plain-Tee-2',
		Title: 'Plain tee',
		Vendor: 'Ac',
		'Product Category': 'gid://shopify/TaxonomyCategory/aa-1-13-8',
		Tags: '',
		Published: 'false',
		'Option1 Name': 'Title',
		'Option1 Value': 'Default Title',
		'Variant SKU': 'TEE-1',
		'Variant Price': '9.5',
		Status: 'draft',
	},
];

describe('Shopify', () => {
	it('a good product CSV (template names) has no problem and reads as written', () => {
		const report = validateFeed('shopify', 'csv', csv(SHOPIFY));
		expect(report.problems).toEqual([]);
		expect(report.rows).toHaveLength(5);
		expect(report.rows[1]['Variant SKU']).toBe('MUG-R-L');
	});

	it("a good product CSV in today's help-table names has no problem", () => {
		const file = csv([
			{
				'URL handle': 'red-mug',
				Title: 'Red mug',
				Description: '<p>A mug.</p>',
				Vendor: 'Acme',
				'Product category': 'Home & Garden > Kitchen & Dining',
				'Published on online store': 'TRUE',
				Status: 'active',
				'Option1 name': 'Size',
				'Option1 value': 'Small',
				SKU: 'MUG-R-S',
				Price: '15.00',
				'Weight value (grams)': '350',
				'Price / United States': '16.00',
				'Color (product.metafields.shopify.color-pattern)': 'red',
				'Google Shopping / Condition': 'new',
			},
		]);
		expect(validateFeed('shopify', 'csv', file).problems).toEqual([]);
	});

	/** A case: the line (index into SHOPIFY) patched, the problem expected on it. */
	const cases: Array<[title: string, line: number, patch: Product, column: string, rule: string]> =
		[
			['Handle missing', 4, { Handle: '' }, 'Handle', 'required'],
			['Handle with a space', 4, { Handle: 'plain tee' }, 'Handle', 'handle'],
			['Handle with an accent', 4, { Handle: 'café-tee' }, 'Handle', 'handle'],
			['Handle with a period', 4, { Handle: 'plain.tee' }, 'Handle', 'handle'],
			['Title missing on the first line', 4, { Title: '' }, 'Title', 'required'],
			[
				'two products with one Handle',
				4,
				{
					Handle: 'red-mug',
					Title: '',
					Vendor: '',
					Published: '',
					Status: '',
					'Option1 Name': '',
					'Option1 Value': 'Small',
					'Option2 Value': 'Red',
				},
				'Handle',
				'duplicateHandle',
			],
			[
				'one variant twice',
				2,
				{ 'Option2 Value': 'Red', 'Variant SKU': 'MUG-R-L' },
				'Option1 Value',
				'duplicateVariant',
			],
			['a variant without Option1 Value', 1, { 'Option1 Value': '' }, 'Option1 Value', 'option'],
			['a variant without Option1 Name', 4, { 'Option1 Name': '' }, 'Option1 Name', 'option'],
			['Published not TRUE or FALSE', 4, { Published: 'yes' }, 'Published', 'published'],
			['Status not a status', 4, { Status: 'published' }, 'Status', 'status'],
			['Status in another case', 4, { Status: 'Active' }, 'Status', 'status'],
			[
				'Variant Price with a currency',
				4,
				{ 'Variant Price': '9.50 USD' },
				'Variant Price',
				'price',
			],
			[
				'Variant Price with a decimal comma',
				4,
				{ 'Variant Price': '9,50' },
				'Variant Price',
				'price',
			],
			['Variant Grams not a number', 1, { 'Variant Grams': '0.45 kg' }, 'Variant Grams', 'grams'],
			['Vendor of one character', 4, { Vendor: 'A' }, 'Vendor', 'vendor'],
			['Tags as a JSON list', 4, { Tags: '["kitchen","mugs"]' }, 'Tags', 'tags'],
			[
				'Product Category split by /',
				4,
				{ 'Product Category': 'Apparel/Tops' },
				'Product Category',
				'categoryPath',
			],
		];
	it.each(cases)('%s', (_title, line, patch, column, rule) => {
		const lines = SHOPIFY.map((product, index) =>
			index === line ? { ...product, ...patch } : product,
		);
		const report = validateFeed('shopify', 'csv', csv(lines, headersOf(SHOPIFY)));
		expect(named(report)).toEqual([`${line + 1} ${column} ${rule}`]);
		expect(report.problems[0]).toMatchObject({
			row: line + 1,
			id: lines[line].Handle,
			value: lines[line][column] ?? '',
		});
	});

	it('a header not of Shopify is a problem', () => {
		const report = validateFeed(
			'shopify',
			'csv',
			csv(SHOPIFY.map((line) => ({ ...line, colour: 'red' }))),
		);
		expect(named(report)).toEqual(['0 colour header']);
	});

	it('takes CSV only', () => {
		expect(named(validateFeed('shopify', 'tsv', tsv(SHOPIFY)))).toEqual(['0  format']);
	});
});
