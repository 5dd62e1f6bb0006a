/**
 * Bad input is refused before any request: each case names the parameter at fault, and the
 * sandbox's request log shows nothing was sent.
 */
import type { INodeParameters } from 'n8n-workflow';

import { runPim, type PimCredentials } from '../../harness/in-process';
import { productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
// Values arrive through expressions, as they do from input data: n8n's editor checks cannot see them.
const rl = (value: string) => ({
	__rl: true,
	mode: 'id',
	value: `={{ ${JSON.stringify(value)} }}`,
});
const expr = (value: string) => `={{ ${JSON.stringify(value)} }}`;
const create: INodeParameters = productWrite('create', { sku: 'NEW-1', familyCode: 'clothing' });

const parameterCases: Array<[string, INodeParameters, RegExp]> = [
	[
		'id not a number',
		{ resource: 'product', operation: 'get', productId: rl('abc') },
		/"Product" must be a positive whole number/,
	],
	[
		'id zero',
		{ resource: 'category', operation: 'get', categoryId: rl('0') },
		/"Category" must be a positive whole number/,
	],
	[
		'id negative',
		{ resource: 'family', operation: 'get', familyId: rl('-3') },
		/"Family" must be a positive whole number/,
	],
	[
		'id decimal',
		{ resource: 'attribute', operation: 'get', attributeId: rl('1.5') },
		/"Attribute" must be a positive whole number/,
	],
	[
		'id empty',
		{ resource: 'channel', operation: 'get', channelId: rl('') },
		/"Channel" is required/,
	],
	[
		'relation id',
		{ resource: 'relation', operation: 'getProductRelation', sku: 'A', relationId: rl('x1') },
		/"Relation" must be a positive whole number/,
	],
	['empty SKU', { ...create, sku: expr('  ') }, /"SKU" is required/],
	['empty family', { ...create, familyCode: expr('') }, /"Family" is required/],
	['empty language', { ...create, languageCode: expr('') }, /"Language" is required/],
	['no channel on create', { ...create, channels: {} }, /"Channels" needs at least one channel/],
	[
		'channel without code',
		{ ...create, channels: { channel: [{ code: '' }] } },
		/"Channels": every entry needs a channel code/,
	],
	[
		'category without code',
		{ ...create, categories: { category: [{ code: '', channel: 'web' }] } },
		/"Categories": every entry needs a category code/,
	],
	[
		'attribute code with brackets',
		{ ...create, attributes: { attribute: [{ code: 'name[0]', value: 'x' }] } },
		/"Attributes": "name\[0\]" is not a valid attribute code/,
	],
	[
		'attribute code reserved',
		{ ...create, attributes: { attribute: [{ code: 'sku', value: 'x' }] } },
		/"Attributes": "sku" has its own field/,
	],
	[
		'multi-select without code',
		{ ...create, multiSelectAttributes: { attribute: [{ code: '', values: 'a' }] } },
		/"Multi-Select Attributes": every entry needs an attribute code/,
	],
	[
		'image not a URL',
		{ ...create, images: ['not a url'] },
		/"Images": "not a url" is not an http\(s\) URL/,
	],
	[
		'limit zero',
		{ resource: 'product', operation: 'getAll', returnAll: false, limit: 0 },
		/"Limit" must be a number of at least 1/,
	],
	[
		'page size too large',
		{ resource: 'product', operation: 'getAll', returnAll: true, options: { pageSize: 5000 } },
		/"Page Size" must be at most 1000/,
	],
	[
		'filter without attribute',
		{
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
			filters: { filter: [{ attribute: '', value: 'x' }] },
		},
		/"Filters": every filter needs a valid attribute code/,
	],
	[
		'assign channel without channel',
		{ resource: 'product', operation: 'assignChannel', sku: 'A', channelCode: expr('') },
		/"Channel" is required/,
	],
	[
		'assign category without category',
		{
			resource: 'product',
			operation: 'assignCategory',
			sku: 'A',
			channelCode: 'web',
			categoryCode: expr(''),
		},
		/"Category" is required/,
	],
	[
		'relation without SKU',
		{ resource: 'relation', operation: 'getProductRelation', sku: expr(' '), relationId: rl('1') },
		/"SKU" is required/,
	],
	[
		'getBySku without SKU',
		{ resource: 'product', operation: 'getBySku', sku: expr('') },
		/"SKU" is required/,
	],
	[
		'max concurrency zero',
		{
			resource: 'locale',
			operation: 'getAll',
			returnAll: true,
			requestOptions: { maxConcurrency: 0 },
		},
		/"Max Concurrent Requests" must be a number of at least 1/,
	],
];

const credentialCases: Array<[string, Partial<PimCredentials>, RegExp]> = [
	['domain with CR/LF', { domain: 'demo\r\nx-evil: 1' }, /"Domain": must be the account name only/],
	['domain with a space', { domain: 'de mo' }, /"Domain": must be the account name only/],
	[
		'domain naming the shared API host',
		{ domain: 'https://api.pim.example.com' },
		/"Domain": must be the account name only/,
	],
	[
		'domain that is an IP address',
		{ domain: '10.0.0.1' },
		/"Domain": must be the account name only/,
	],
	[
		'base URL not http(s)',
		{ baseUrl: 'ftp://127.0.0.1:1' },
		/"Base URL": must start with https:\/\//,
	],
	[
		'base URL with a password',
		{ baseUrl: 'https://user:secret@pim.example.com' },
		/"Base URL": must not contain a user name or password/,
	],
	[
		'plain http to a remote host',
		{ baseUrl: 'http://acme.pim.example.com' },
		/"Base URL": plain http:\/\/ sends the token unencrypted/,
	],
	[
		'base URL not a URL',
		{ baseUrl: 'pim example' },
		/"Base URL": "pim example" is not a valid URL/,
	],
	['token with a line break', { token: 'abc\ndef' }, /"Token": contains spaces, line breaks/],
	['empty token', { token: '' }, /"Token": is required/],
	[
		'no domain and none derivable',
		{ domain: '' },
		/"Domain": this operation needs the account, and the Base URL does not name one; enter your account name/,
	],
];

describe('bad parameters are refused before any request', () => {
	it('n8n itself refuses an invalid id typed into the field', async () => {
		await expect(
			runPim(env.creds(), {
				resource: 'product',
				operation: 'get',
				productId: { __rl: true, mode: 'id', value: 'abc' },
			}),
		).rejects.toThrow(/issues/);
	});

	it.each(parameterCases)('%s', async (_name, parameters, message) => {
		env.sb.clearLog();
		const { error, items } = await runPim(env.creds(), parameters);
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(message);
		expect(env.sb.log).toHaveLength(0);
	});
});

describe('bad credentials are refused before any request', () => {
	it.each(credentialCases)('%s', async (_name, override, message) => {
		env.sb.clearLog();
		const { error } = await runPim(
			{ ...env.creds(), ...override },
			{ resource: 'locale', operation: 'getAll', returnAll: true },
		);
		expect(error?.message).toMatch(message);
		expect(env.sb.log).toHaveLength(0);
	});

	it('plain http to a remote host is allowed when the user opts in', async () => {
		const { error } = await runPim(
			{ ...env.creds(), baseUrl: 'http://127.0.0.1:1', allowHttp: true },
			{
				resource: 'locale',
				operation: 'getAll',
				returnAll: true,
				requestOptions: { maxRetries: 0 },
			},
		);
		expect(error?.message).toMatch(/could not be reached: connection refused/);
	});

	it('create works without a domain: x-domain is optional there', async () => {
		env.sb.clearLog();
		const { error } = await runPim(
			{ ...env.creds(), domain: '' },
			{ ...create, sku: 'NO-DOMAIN-1' },
		);
		expect(error).toBeUndefined();
		expect(env.sb.log[0].headers['x-domain']).toBeUndefined();
		expect(env.sb.account('demo').productBySku('NO-DOMAIN-1')).toBeDefined();
	});
});
