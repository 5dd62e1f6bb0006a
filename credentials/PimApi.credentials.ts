import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { BASE_URL_EXPRESSION, resolveConnection } from '../nodes/Pim/shared/connection';
import { ENDPOINTS } from '../nodes/Pim/shared/endpoints';

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
			placeholder: 'https://api.pim.example.com',
			description:
				"Address of the PIM's API host, without a path (the node adds /api/integration). Hosted PIMs serve every account from one API host, e.g. https://api.pim.example.com.",
		},
		{
			displayName: 'Domain',
			name: 'domain',
			type: 'string',
			default: '',
			placeholder: 'acme',
			description:
				'Your account name, sent as the x-domain header: the first part of the address you open the PIM at (acme for https://acme.pim.example.com). That address also works here.',
			hint: "Leave empty only when the Base URL is your account's own address",
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
			displayName: 'Multi-Select Field Names',
			name: 'multiSelectForm',
			type: 'options',
			options: [
				{
					name: 'color-multi-select[] (as the API Document Writes It)',
					value: 'suffix',
				},
				{
					name: 'color[] (the Attribute Code Alone)',
					value: 'plain',
				},
			],
			default: 'suffix',
			description:
				'How product writes name the values of a multi-select attribute such as color. Keep the default unless multi-select values you send do not show up in the PIM.',
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
		const headers: Record<string, string> = {
			...(requestOptions.headers as Record<string, string>),
			token,
		};
		if (domain) headers['x-domain'] = domain;
		return { ...requestOptions, headers };
	}

	// The family list with a one-record page: cheap, and it needs both a valid token and domain.
	test: ICredentialTestRequest = {
		request: {
			// The node's own clean-up of the Base URL: a pasted /api/integration is dropped.
			baseURL: BASE_URL_EXPRESSION,
			url: ENDPOINTS.family,
			qs: { 'pagination[pageLimit]': '1' },
			// The token goes only to the Base URL: n8n would follow a redirect anywhere with it.
			disableFollowRedirect: true,
		},
		// On a 401/403 n8n's credential dialog shows its own text (the HTTP status), never the
		// answer's body, and rules can only add fixed texts; the node shows the PIM's own message
		// on every operation and dropdown.
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'status',
					value: false,
					message: 'The PIM rejected the request: check the Token and Domain',
				},
			},
		],
	};
}
