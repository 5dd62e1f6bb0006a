import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { resolveConnection } from '../nodes/Pim/shared/connection';

export class PimApi implements ICredentialType {
	name = 'pimApi';

	displayName = 'PIM API';

	icon: Icon = { light: 'file:../nodes/Pim/pim.svg', dark: 'file:../nodes/Pim/pim.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-pim/n8n-nodes-pim#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://acme.pim.example.com',
			description: 'Address of the PIM host, without a path (the /api/integration prefix is added by the node)',
		},
		{
			displayName: 'Domain',
			name: 'domain',
			type: 'string',
			default: '',
			placeholder: 'acme',
			description: 'Account name, sent as the x-domain header',
			hint: 'Leave empty to use the first label of the Base URL host (acme for https://acme.pim.example.com)',
		},
		{
			displayName: 'Token',
			name: 'token',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Access token of the integration',
		},
		{
			displayName: 'Allow Plain HTTP',
			name: 'allowHttp',
			type: 'boolean',
			default: false,
			description:
				'Whether to allow an http:// Base URL for a host other than this machine. The token then travels unencrypted.',
		},
	];

	/**
	 * Sends `token` and `x-domain` (derived from the Base URL when Domain is empty). A value that
	 * fails the checks is never put in a header; the node reports the problem by field name
	 * before it sends anything.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const result = resolveConnection(credentials);
		if (result.problem) return requestOptions;
		const { token, domain } = result.connection;
		const headers: Record<string, string> = { ...(requestOptions.headers as Record<string, string>), token };
		if (domain) headers['x-domain'] = domain;
		return { ...requestOptions, headers };
	}

	// The family list with a one-record page: cheap, and it needs both a valid token and domain.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ $credentials.baseUrl.replace(/\\/+$/, "") }}',
			url: '/api/integration/family',
			qs: { 'pagination[pageLimit]': '1' },
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: { key: 'status', value: false, message: 'The PIM rejected the request: check the Token and Domain' },
			},
		],
	};
}
