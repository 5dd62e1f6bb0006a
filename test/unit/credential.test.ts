/**
 * The credential (credentials/PimApi.credentials.ts): the headers it adds, and the test request
 * n8n's credential dialog sends.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { PimApi } from '../../credentials/PimApi.credentials';

const credential = new PimApi();
const request: IHttpRequestOptions = {
	url: '/api/integration/family',
	headers: { Accept: 'application/json' },
};

describe('authenticate', () => {
	it('adds token and x-domain (the account name, also from an address), keeping other headers', async () => {
		const out = await credential.authenticate(
			{
				baseUrl: 'https://api.pim.example.com',
				domain: 'https://acme.pim.example.com/x',
				token: 'tok',
			},
			request,
		);
		expect(out.headers).toEqual({ Accept: 'application/json', token: 'tok', 'x-domain': 'acme' });
	});

	it('derives no generic account (api.) and sends no x-domain then', async () => {
		const out = await credential.authenticate(
			{ baseUrl: 'https://api.pim.example.com', token: 'tok' },
			request,
		);
		expect(out.headers).toEqual({ Accept: 'application/json', token: 'tok' });
	});

	it('puts nothing from a credential that fails its checks into a header (the node reports the field)', async () => {
		const out = await credential.authenticate(
			{ baseUrl: 'https://api.pim.example.com', domain: 'acme', token: 'to ken\r\nx: 1' },
			request,
		);
		expect(out).toBe(request);
	});
});

describe('test request', () => {
	it('lists one family: it needs a valid token and domain, and is cheap', () => {
		expect(credential.test.request).toMatchObject({
			url: '/api/integration/family',
			qs: { 'pagination[pageLimit]': '1' },
		});
	});

	it('fails on `status: false` in an HTTP 200 answer, which n8n would otherwise call a success', () => {
		expect(credential.test.rules).toEqual([
			{
				type: 'responseSuccessBody',
				properties: expect.objectContaining({ key: 'status', value: false }),
			},
		]);
	});

	it("has the fields of the contract, Multi-Select Field Names defaulting to the interface document's form", () => {
		expect(credential.properties.map((p) => p.name)).toEqual([
			'baseUrl',
			'domain',
			'token',
			'multiSelectForm',
			'allowHttp',
		]);
		const form = credential.properties.find((p) => p.name === 'multiSelectForm')!;
		expect(form.default).toBe('suffix');
		expect(form.options?.map((o) => ('value' in o ? o.value : undefined))).toEqual([
			'suffix',
			'plain',
		]);
		expect(credential.properties.find((p) => p.name === 'token')!.typeOptions).toEqual({
			password: true,
		});
	});
});
