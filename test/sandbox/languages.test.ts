/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON responses */
/**
 * Values per language (#58): a write in a language sets that language's values; a read shows each
 * product in its own language (the one it was created in), or with `language_code` in that one,
 * each attribute it has no value for falling back to the own language's.
 */
import { startSandbox, type SandboxHandle } from '../../sandbox/server';
import { expectEnvelope, get, post, put } from './helpers';

let sb: SandboxHandle;
let base: string;

beforeAll(async () => {
	sb = await startSandbox({ products: 5 });
	base = sb.url;
});
afterAll(() => sb.close());

const locale = (code: string) => sb.account('demo').localeByCode(code)!.id;
const read = async (sku: string, language?: string) => {
	const query: Record<string, string> = { 'filter[sku]': sku };
	if (language) query.language_code = language;
	const list: any = expectEnvelope(await get(base, 'product', { query }));
	return list.record[0];
};

it('each language keeps its own text; a read in a language shows it, the own language by default', async () => {
	expectEnvelope(
		await post(base, 'product', {
			form: {
				sku: 'LANG-1',
				family_code: 'clothing',
				language_code: 'en_US',
				'channel[0][code]': 'web',
				name: 'Canvas bag',
				short_description: 'A bag',
				price: '25.50 EUR',
			},
		}),
	);
	const fr: any = expectEnvelope(
		await put(base, 'product', {
			form: { sku: 'LANG-1', language_code: 'fr_FR', name: 'Sac en toile' },
		}),
	);
	// The answer of a write is the product as it is read: in its own language.
	expect(fr).toMatchObject({ name: 'Canvas bag', language_id: locale('en_US') });
	expectEnvelope(
		await put(base, 'product', {
			form: { sku: 'LANG-1', language_code: 'de_DE', name: 'Stofftasche' },
		}),
	);

	expect(await read('LANG-1')).toMatchObject({
		name: 'Canvas bag',
		short_description: 'A bag',
		language_id: locale('en_US'),
	});
	expect(await read('LANG-1', 'fr_FR')).toMatchObject({
		name: 'Sac en toile',
		// No French value: the own language's.
		short_description: 'A bag',
		price: '25.50 EUR',
		language_id: locale('fr_FR'),
	});
	expect(await read('LANG-1', 'de_de')).toMatchObject({
		name: 'Stofftasche',
		language_id: locale('de_DE'),
	});
	const id = String((await read('LANG-1')).id);
	const shown: any = expectEnvelope(
		await get(base, 'product/show', { query: { id, language_code: 'fr_FR' } }),
	);
	expect(shown.name).toBe('Sac en toile');

	// An update in the own language leaves the others' text as it was.
	expectEnvelope(
		await put(base, 'product', {
			form: { sku: 'LANG-1', language_code: 'en_US', name: 'Canvas tote' },
		}),
	);
	expect((await read('LANG-1')).name).toBe('Canvas tote');
	expect((await read('LANG-1', 'fr_FR')).name).toBe('Sac en toile');
	// An empty value removes that language's: the own language's shows again.
	expectEnvelope(
		await put(base, 'product', { form: { sku: 'LANG-1', language_code: 'fr_FR', name: '' } }),
	);
	expect((await read('LANG-1', 'fr_FR')).name).toBe('Canvas tote');
	expect(sb.account('demo').productBySku('LANG-1')!.localized).toEqual({
		fr_FR: {},
		de_DE: { name: 'Stofftasche' },
	});
});

it('an unknown language_code on a read is a 422 naming it', async () => {
	const res = await get(base, 'product', { query: { language_code: 'xx_XX' } });
	expect(res.status).toBe(422);
	expect(res.json.data.errors.language_code[0]).toContain('xx_XX');
});
