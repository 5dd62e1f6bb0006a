/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON responses */
/**
 * An account from a profile file (#24, point 10): the structure of a real account — attributes
 * with their types, families, channels with their category trees — to rehearse an import
 * against, through the admin API and the CLI; a bad profile is refused naming what is wrong.
 */
import fs from 'node:fs';
import path from 'node:path';

import { runPim } from '../../harness/in-process';
import { autoMap, categories, channels, productWrite } from '../../harness/product-write';
import { startSandbox, type SandboxHandle } from '../../sandbox/server';
import { admin, expectEnvelope, get } from './helpers';

const PROFILE = JSON.parse(
	fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'data', 'pim-profile.json'), 'utf8'),
);
const as = { token: 'real-token', domain: 'real' };

let sb: SandboxHandle;
beforeAll(async () => {
	sb = await startSandbox({ products: 5 });
	const added = await admin(sb.url, 'POST', '/accounts', {
		domain: 'real',
		token: 'real-token',
		products: 0,
		profile: PROFILE,
	});
	expect(added.status).toBe(201);
});
afterAll(() => sb.close());

it('lists the profile’s attributes with their type labels, its families, channels and trees', async () => {
	const attributes = expectEnvelope(await get(sb.url, 'attribute', as)) as any;
	expect(attributes.record.map((a: any) => [a.code, a.type])).toEqual(
		PROFILE.attributes.map((a: any) => [a.code, a.type]),
	);
	const families = expectEnvelope(await get(sb.url, 'family', as)) as any;
	expect(families.record.map((f: any) => [f.code, f.title])).toEqual([
		['apparel', 'Apparel'],
		['music', 'Music & Media'],
	]);
	const channels = expectEnvelope(await get(sb.url, 'channel', as)) as any;
	expect(channels.map((c: any) => [c.code, c.name])).toEqual([
		['shop', 'Online Shop'],
		['wholesale', 'Wholesale'],
	]);
	const categories = (expectEnvelope(await get(sb.url, 'category', as)) as any).record;
	const byId = new Map(categories.map((c: any) => [c.id, c]));
	const pathOf = (c: any): string =>
		c.parent_id === null ? c.title : `${pathOf(byId.get(c.parent_id))}/${c.title}`;
	const channelOf = new Map(channels.map((c: any) => [c.id, c.code]));
	expect(categories.map((c: any) => `${channelOf.get(c.channel_id)}:${pathOf(c)}`)).toEqual([
		'shop:Clothing',
		'shop:Clothing/Tshirts',
		'shop:Clothing/Hoodies',
		'shop:Clothing/Accessories',
		'shop:Music',
		'shop:Music/Accessories',
		'wholesale:Clothing',
		'wholesale:Clothing/Tshirts',
	]);
	// The other accounts keep their own catalogues.
	const demo = expectEnvelope(await get(sb.url, 'family')) as any;
	expect(demo.record.map((f: any) => f.code)).toContain('clothing');
});

it('an import rehearsed against it: titles, paths and the tree of the chosen channel', async () => {
	const creds = { baseUrl: sb.url, domain: 'real', token: 'real-token' };
	const { items, error } = await runPim(
		creds,
		productWrite('create', {
			channels: channels('={{ $json.channel }}'),
			categories: categories('={{ $json.category }}'),
			columns: autoMap(),
		}),
		{
			input: [
				{
					sku: 'R-1',
					family: 'Apparel',
					channel: 'Online Shop',
					category: 'Clothing > Tshirts',
					color: 'Red, Blue',
				},
				{ sku: 'R-2', family: 'Apparel', channel: 'Wholesale', category: 'Clothing > Tshirts' },
				{
					sku: 'R-3',
					family: 'Music & Media',
					channel: 'shop',
					category: 'Music > Accessories',
					release_date: '2024-05-01',
				},
			],
			version: 2,
		},
	);
	expect(error).toBeUndefined();
	expect(items).toHaveLength(3);
	const store = sb.account('real');
	const where = (sku: string) =>
		store.productBySku(sku)!.categories.map((c) => `${c.channel}:${c.code}`);
	expect(where('R-1')).toEqual(['shop:tshirts']);
	expect(where('R-2')).toEqual(['wholesale:tshirts']);
	expect(where('R-3')).toEqual(['shop:music-accessories']);
	expect(store.productBySku('R-1')!.multiSelect.color).toEqual(['Red', 'Blue']);
	expect(store.productBySku('R-3')!.values.release_date).toBe('2024/05/01');
});

it('a bad profile is refused, naming what is wrong', async () => {
	const bad = async (profile: unknown) =>
		(await admin(sb.url, 'POST', '/accounts', { domain: 'bad', token: 'bad-token', profile })).json;
	expect(
		await bad({ ...PROFILE, attributes: [{ code: 'x', type: 'Colour Wheel' }] }),
	).toMatchObject({
		error: expect.stringMatching(
			/^attributes\[0\] \(x\): unknown type "Colour Wheel"; one of Text Field, /,
		),
	});
	expect(
		await bad({ ...PROFILE, families: [{ code: 'f', attributes: ['name', 'nope'] }] }),
	).toMatchObject({ error: 'families[0] (f): unknown attributes nope.' });
	expect(await bad({ ...PROFILE, channels: [{ name: 'No code' }] })).toMatchObject({
		error: 'channels[0] needs a "code" (text).',
	});
});
