import {
	asBool,
	asList,
	asString,
	decodeBody,
	flatQuery,
	parseMultipart,
	parsePhpQuery,
	phpUrlDecode,
} from '../../sandbox/forms';

describe('PHP bracket notation (parse_str semantics)', () => {
	it('parses indexed nested arrays', () => {
		expect(
			parsePhpQuery('channel[0][code]=web&channel[0][status]=1&channel[1][code]=amazon'),
		).toEqual({
			channel: [{ code: 'web', status: '1' }, { code: 'amazon' }],
		});
	});

	it('each [] appends a new element, as PHP does', () => {
		expect(parsePhpQuery('channel[][code]=a&channel[][status]=1')).toEqual({
			channel: [{ code: 'a' }, { status: '1' }],
		});
		// the documented mix of [] and [0]
		expect(parsePhpQuery('channel[][code]=web&channel[0][status]=1')).toEqual({
			channel: [{ code: 'web', status: '1' }],
		});
	});

	it('parses repeated multi-select and image keys', () => {
		expect(
			parsePhpQuery('color-multi-select[]=red&color-multi-select[]=blue&image[]=a.jpg'),
		).toEqual({
			'color-multi-select': ['red', 'blue'],
			image: ['a.jpg'],
		});
	});

	it('decodes percent-encoded brackets, + and invalid escapes like PHP urldecode', () => {
		expect(parsePhpQuery('pagination%5BpageLimit%5D=5&name=Basic+Tee%21&x=%zz%4')).toEqual({
			pagination: { pageLimit: '5' },
			name: 'Basic Tee!',
			x: '%zz%4',
		});
		expect(phpUrlDecode('caf%C3%A9')).toBe('café');
	});

	it('turns dots and spaces in the base name into underscores', () => {
		expect(parsePhpQuery('a.b=1&c d=2&e.f[g.h]=3')).toEqual({
			a_b: '1',
			c_d: '2',
			e_f: { 'g.h': '3' },
		});
	});

	it('handles unclosed and trailing brackets like PHP', () => {
		expect(parsePhpQuery('a[b=1')).toEqual({ a_b: '1' });
		expect(parsePhpQuery('a[x][y=1')).toEqual({ a: { x: '1' } });
		expect(parsePhpQuery('a[x]junk=1')).toEqual({ a: { x: '1' } });
	});

	it('later scalars replace arrays and later arrays replace scalars', () => {
		expect(parsePhpQuery('a=1&a[x]=2')).toEqual({ a: { x: '2' } });
		expect(parsePhpQuery('a[x]=2&a=1')).toEqual({ a: '1' });
		expect(parsePhpQuery('sku=A&sku=B')).toEqual({ sku: 'B' });
	});

	it('appends after the largest integer key; integer-keyed arrays keep PHP order as lists', () => {
		expect(parsePhpQuery('a[5]=x&a[]=y')).toEqual({ a: ['x', 'y'] });
		expect(parsePhpQuery('a[2]=x&a[1]=y')).toEqual({ a: ['x', 'y'] });
		expect(parsePhpQuery('a[x]=1&a[]=2')).toEqual({ a: { x: '1', '0': '2' } });
		// "01" is not an integer key in PHP
		expect(parsePhpQuery('a[01]=x')).toEqual({ a: { '01': 'x' } });
	});

	it('ignores empty names, keeps value-less keys as empty strings, strips leading spaces', () => {
		expect(parsePhpQuery('=1&[a]=2&&b&%20c=3')).toEqual({ b: '', c: '3' });
	});

	it('drops variables nested deeper than 64 levels', () => {
		expect(parsePhpQuery('a' + '[x]'.repeat(65) + '=1&ok=1')).toEqual({ ok: '1' });
		expect(parsePhpQuery('a' + '[x]'.repeat(3) + '=1')).toEqual({ a: { x: { x: { x: '1' } } } });
	});

	it('never touches Object.prototype', () => {
		const parsed = parsePhpQuery('__proto__[polluted]=1&constructor[prototype][x]=1');
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor']);
	});

	it('flatQuery keeps the keys as on the wire', () => {
		expect(flatQuery('pagination%5BcurrentPage%5D=2&filter[color]=red&filter[color]=blue')).toEqual(
			{
				'pagination[currentPage]': '2',
				'filter[color]': 'blue',
			},
		);
	});
});

describe('body decoding', () => {
	it('decodes urlencoded, JSON and multipart bodies to the same structure', () => {
		const form = decodeBody(
			Buffer.from('channel[0][code]=web&color-multi-select[]=red'),
			'application/x-www-form-urlencoded; charset=UTF-8',
		);
		const json = decodeBody(
			Buffer.from(JSON.stringify({ channel: [{ code: 'web' }], 'color-multi-select': ['red'] })),
			'application/json',
		);
		const boundary = 'XyZ';
		const multipart =
			`--${boundary}\r\nContent-Disposition: form-data; name="channel[0][code]"\r\n\r\nweb\r\n` +
			`--${boundary}\r\nContent-Disposition: form-data; name="color-multi-select[]"\r\n\r\nred\r\n--${boundary}--\r\n`;
		const mp = decodeBody(Buffer.from(multipart), `multipart/form-data; boundary=${boundary}`);
		expect(form).toEqual({
			kind: 'form',
			value: { channel: [{ code: 'web' }], 'color-multi-select': ['red'] },
		});
		expect(json.value).toEqual(form.value);
		expect(mp.value).toEqual(form.value);
	});

	it('multipart file parts yield their file name', () => {
		const body =
			'--b\r\nContent-Disposition: form-data; name="image[]"; filename="front.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\r\n--b--\r\n';
		expect(parseMultipart(Buffer.from(body, 'latin1'), 'multipart/form-data; boundary=b')).toEqual({
			image: ['front.jpg'],
		});
	});

	it('rejects invalid JSON, non-object JSON and unsupported content types', () => {
		expect(() => decodeBody(Buffer.from('{'), 'application/json')).toThrow(/not valid JSON/);
		expect(() => decodeBody(Buffer.from('[1]'), 'application/json')).toThrow(/must be an object/);
		expect(() => decodeBody(Buffer.from('sku=1'), 'text/plain')).toThrow(
			/Unsupported content type 'text\/plain'/,
		);
		expect(() => decodeBody(Buffer.from('sku=1'), undefined)).toThrow(/Unsupported content type/);
		expect(decodeBody(Buffer.alloc(0), undefined)).toEqual({ kind: 'empty', value: {} });
	});
});

describe('value helpers', () => {
	it('asBool accepts 1/0/true/false in strings, numbers and booleans', () => {
		expect([
			asBool('1'),
			asBool('0'),
			asBool('true'),
			asBool('FALSE'),
			asBool(true),
			asBool(0),
		]).toEqual([true, false, true, false, true, false]);
		expect(asBool(undefined)).toBeUndefined();
		expect(asBool('')).toBeUndefined();
		expect(asBool('yes')).toBeNull();
		expect(asBool(['1'])).toBeNull();
	});
	it('asString and asList', () => {
		expect([asString('a'), asString(2.5), asString(false), asString({}), asString(null)]).toEqual([
			'a',
			'2.5',
			'0',
			undefined,
			undefined,
		]);
		expect(asList({ 0: 'a', 1: 'b' })).toEqual(['a', 'b']);
		expect(asList('a')).toEqual(['a']);
		expect(asList(undefined)).toEqual([]);
	});
});
