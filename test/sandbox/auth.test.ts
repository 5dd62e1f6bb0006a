/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON responses */
import { startSandbox, type SandboxHandle } from '../../sandbox/server';
import { expectEnvelope, get, post, put } from './helpers';

let sb: SandboxHandle;
let base: string;

beforeAll(async () => {
	sb = await startSandbox({ accounts: [{ domain: 'empty', token: 'empty-token', empty: true }] });
	base = sb.url;
});
afterAll(() => sb.close());

describe('authentication', () => {
	it('missing token → 401 mentioning the token', async () => {
		const res = await get(base, 'family', { token: null });
		expectEnvelope(res, 401);
		expect(res.json.message).toMatch(/token/i);
	});

	it('wrong token → 401 that never echoes the token', async () => {
		const res = await get(base, 'family', { token: 'super-secret-guess' });
		expectEnvelope(res, 401);
		expect(res.json.message).toMatch(/token/i);
		expect(res.text).not.toContain('super-secret-guess');
	});

	it('unknown x-domain → 401 naming the domain', async () => {
		const res = await get(base, 'family', { domain: 'nosuchshop' });
		expectEnvelope(res, 401);
		expect(res.json.message).toContain('nosuchshop');
	});

	it('x-domain of another account → 401 naming the domain', async () => {
		const res = await get(base, 'product', { token: 'acme-token', domain: 'demo' });
		expectEnvelope(res, 401);
		expect(res.json.message).toContain('demo');
	});

	it('missing x-domain where required → 400', async () => {
		for (const [method, path] of [
			['GET', 'product'],
			['GET', 'product/show?id=1'],
			['GET', 'category'],
			['GET', 'family'],
			['GET', 'channel'],
			['POST', 'channel/show'],
			['GET', 'attribute'],
			['GET', 'locale'],
			['GET', 'currencies'],
			['GET', 'relation'],
			['POST', 'product/assign-channel'],
			['POST', 'product/assign-category'],
		]) {
			const res = await fetch(`${base}/api/integration/${path}`, {
				method,
				headers: { token: 'demo-token' },
			});
			const json = await res.json();
			expect([path, res.status, json.message]).toEqual([
				path,
				400,
				'The x-domain header is required.',
			]);
			expect(json.status_code).toBe(400);
			expect(json.status).toBe(false);
		}
	});

	it('token is checked before x-domain', async () => {
		expectEnvelope(await get(base, 'family', { token: null, domain: null }), 401);
	});

	it('x-domain is optional for create, update and family show: the token picks the account', async () => {
		const fam: any = expectEnvelope(
			await get(base, 'family/show', { query: { id: '1' }, token: 'acme-token', domain: null }),
		);
		expect(fam.code).toBe('power_tools');
		const created: any = expectEnvelope(
			await post(base, 'product', {
				token: 'acme-token',
				domain: null,
				form: {
					sku: 'OPT-1',
					family_code: 'garden',
					language_code: 'en_US',
					'channel[0][code]': 'ebay',
				},
			}),
		);
		expect(created.family).toBe('Garden');
		expect(sb.account('acme').productBySku('OPT-1')).toBeDefined();
		expect(sb.account('demo').productBySku('OPT-1')).toBeUndefined();
		const updated: any = expectEnvelope(
			await put(base, 'product', {
				token: 'acme-token',
				domain: null,
				form: { sku: 'OPT-1', language_code: 'en_US', name: 'Optional' },
			}),
		);
		expect(updated.name).toBe('Optional');
		// still rejected when given and wrong
		expectEnvelope(
			await get(base, 'family/show', { query: { id: '1' }, token: 'acme-token', domain: 'demo' }),
			401,
		);
	});

	it('x-domain matches case-insensitively', async () => {
		expectEnvelope(await get(base, 'channel', { domain: 'DEMO' }));
	});

	it('auth failures are logged with the token header as sent', async () => {
		sb.clearLog();
		await get(base, 'family', { token: 'wrong' });
		expect(sb.log).toHaveLength(1);
		expect(sb.log[0].headers.token).toBe('wrong');
		expect(sb.log[0].status).toBe(401);
		expect(sb.log[0].account).toBeUndefined();
	});
});

describe('tenant isolation', () => {
	it('accounts have different data', async () => {
		const demo: any = expectEnvelope(await get(base, 'family'));
		const acme: any = expectEnvelope(
			await get(base, 'family', { token: 'acme-token', domain: 'acme' }),
		);
		expect(demo.record.map((f: any) => f.code)).toEqual([
			'clothing',
			'shoes',
			'electronics',
			'home',
			'beauty',
		]);
		expect(acme.record.map((f: any) => f.code)).toEqual([
			'power_tools',
			'hand_tools',
			'garden',
			'safety',
			'fasteners',
		]);
		const demoCh: any = expectEnvelope(await get(base, 'channel'));
		const acmeCh: any = expectEnvelope(
			await get(base, 'channel', { token: 'acme-token', domain: 'acme' }),
		);
		expect(demoCh.map((c: any) => c.code)).not.toEqual(acmeCh.map((c: any) => c.code));
		const demoP: any = expectEnvelope(await get(base, 'product/show', { query: { id: '1' } }));
		const acmeP: any = expectEnvelope(
			await get(base, 'product/show', { query: { id: '1' }, token: 'acme-token', domain: 'acme' }),
		);
		expect(demoP.sku).toBe(acmeP.sku);
		expect(demoP.name).not.toBe(acmeP.name);
	});

	it("a token never writes another account's data", async () => {
		const before = sb.account('demo').productBySku('SKU-000001')!.updated_at;
		const res = await put(base, 'product', {
			token: 'acme-token',
			domain: 'demo',
			form: { sku: 'SKU-000001', language_code: 'en_US', name: 'Hijack' },
		});
		expectEnvelope(res, 401);
		expect(sb.account('demo').productBySku('SKU-000001')!.values.name).not.toBe('Hijack');
		expect(sb.account('demo').productBySku('SKU-000001')!.updated_at).toBe(before);
		// with no x-domain the acme token updates acme's own SKU-000001
		expectEnvelope(
			await put(base, 'product', {
				token: 'acme-token',
				domain: null,
				form: { sku: 'SKU-000001', language_code: 'en_US', name: 'Acme own' },
			}),
		);
		expect(sb.account('acme').productBySku('SKU-000001')!.values.name).toBe('Acme own');
		expect(sb.account('demo').productBySku('SKU-000001')!.values.name).not.toBe('Acme own');
	});

	it('an empty account has no data at all', async () => {
		const opts = { token: 'empty-token', domain: 'empty' };
		for (const path of ['product', 'family', 'category', 'attribute', 'relation']) {
			const data: any = expectEnvelope(await get(base, path, opts));
			expect([path, data.recordsTotal, data.record]).toEqual([path, 0, []]);
		}
		for (const path of ['channel', 'locale', 'currencies'])
			expect(expectEnvelope(await get(base, path, opts))).toEqual([]);
		const create = await post(base, 'product', {
			...opts,
			form: {
				sku: 'X',
				family_code: 'clothing',
				language_code: 'en_US',
				'channel[0][code]': 'web',
			},
		});
		const data: any = expectEnvelope(create, 422);
		expect(Object.keys(data.errors).sort()).toEqual([
			'channel[0][code]',
			'family_code',
			'language_code',
		]);
	});
});
