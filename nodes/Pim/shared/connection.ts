import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { API_PREFIX } from './endpoints';

/**
 * How a product write names the values of a multi-select attribute (credential field "Multi-Select
 * Field Names"). The interface document writes `<code>-multi-select[]`; the real service's
 * documentation can also be read as `<code>[]`.
 */
export type MultiSelectForm = 'suffix' | 'plain';

/** The credential, checked and normalised: what every request is built from. */
export interface PimConnection {
	baseUrl: string;
	/** Sent as `x-domain`; undefined when the credential has none and none can be derived. */
	domain: string | undefined;
	token: string;
	/** How writes name multi-select values; `suffix` unless the credential says `plain`. */
	multiSelectForm: MultiSelectForm;
}

/** A credential value that must not reach the wire, with the credential field at fault. */
export interface ConnectionProblem {
	field: 'Base URL' | 'Domain' | 'Token';
	message: string;
}

export type ConnectionResult =
	| { connection: PimConnection; problem?: undefined }
	| { problem: ConnectionProblem };

const problem = (field: ConnectionProblem['field'], message: string) => ({
	problem: { field, message: `Credential field "${field}": ${message}` },
});

// A single DNS label: what the interface says `x-domain` is. Rejecting everything else also
// rules out whitespace and CR/LF, so the value can never inject a header.
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
// Printable ASCII without spaces: anything else in a header value is a mistake or an attack.
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

function isLoopback(hostname: string): boolean {
	const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
	return (
		host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host)
	);
}

export function parseUrl(value: string, base?: string): URL | undefined {
	try {
		return new URL(value, base);
	} catch {
		return undefined;
	}
}

/**
 * First labels that name a host's role, not an account: a hosted PIM serves every account from
 * one API host (`https://api.<pim host>`), so such a label must never become `x-domain`.
 */
const GENERIC_LABELS = new Set([
	'api',
	'www',
	'app',
	'admin',
	'login',
	'portal',
	'pim',
	'integration',
]);

/** The host of `acme.pim.example.com`, `https://acme.pim.example.com/anything` or `acme`. */
function hostOf(value: string): string | undefined {
	const text = value.trim();
	const host = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
		? parseUrl(text)?.hostname
		: text.split(/[/?#]/)[0].replace(/:\d+$/, '');
	return host ? host.replace(/\.$/, '') : undefined;
}

/**
 * The account name in an account's address `<account>.<pim host>`: its first label; undefined
 * for an IP address, a one-label host, or a generic label such as `api` (the shared API host).
 */
function accountLabel(host: string): string | undefined {
	if (host.startsWith('[') || IPV4.test(host) || !host.includes('.')) return undefined;
	const label = host.split('.')[0];
	return DNS_LABEL.test(label) && !GENERIC_LABELS.has(label.toLowerCase()) ? label : undefined;
}

/** The account name from the Base URL's host, when that host is the account's own address. */
export function deriveDomain(baseUrl: string): string | undefined {
	const host = parseUrl(baseUrl)?.hostname;
	return host ? accountLabel(host)?.toLowerCase() : undefined;
}

/**
 * What the Domain field holds, reduced to the account name: `acme` from any of its forms. A name
 * typed as such is taken as it is (an account may be called `app`); an address gives its label.
 */
export function domainFromField(value: string): string | undefined {
	const host = hostOf(value);
	if (!host) return undefined;
	if (host.includes('.') || /:\/\//.test(value)) return accountLabel(host);
	return DNS_LABEL.test(host) ? host : undefined;
}

/** Said wherever an account name is needed and none is given. */
export const DOMAIN_HELP =
	'enter your account name: the first part of the address you open the PIM at (acme for https://acme.pim.example.com)';

function normaliseBaseUrl(
	raw: string,
	allowHttp: boolean,
): { baseUrl: string } | { problem: ConnectionProblem } {
	const value = raw.trim();
	if (!value) return problem('Base URL', 'is required, e.g. https://acme.pim.example.com');
	const url = parseUrl(value);
	if (!url) return problem('Base URL', `"${value}" is not a valid URL`);
	if (url.protocol !== 'https:' && url.protocol !== 'http:')
		return problem('Base URL', `must start with https:// (got ${url.protocol})`);
	if (url.username || url.password)
		return problem(
			'Base URL',
			'must not contain a user name or password; put the token in the Token field',
		);
	if (url.search || url.hash)
		return problem('Base URL', 'must not contain a query string or fragment');
	if (url.protocol === 'http:' && !allowHttp && !isLoopback(url.hostname))
		return problem(
			'Base URL',
			'plain http:// sends the token unencrypted; use https:// or turn on "Allow Plain HTTP"',
		);
	// Tolerate a pasted API prefix: every path of the interface starts with it.
	const trimmed = url.pathname.replace(/\/+$/, '');
	const path = trimmed.endsWith(API_PREFIX) ? trimmed.slice(0, -API_PREFIX.length) : trimmed;
	return { baseUrl: `${url.protocol}//${url.host}${path}` };
}

/**
 * normaliseBaseUrl's clean-up as an n8n expression, for the credential test's request, which n8n
 * sends itself (test/unit/transport.test.ts checks the two agree).
 */
export const BASE_URL_EXPRESSION = `={{ $credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/${API_PREFIX.replace(/\//g, '\\/')}$/, "") }}`;

/** Checks and normalises the credential; a problem names the field at fault. */
export function resolveConnection(credentials: ICredentialDataDecryptedObject): ConnectionResult {
	const base = normaliseBaseUrl(String(credentials.baseUrl ?? ''), credentials.allowHttp === true);
	if ('problem' in base) return base;

	const token = String(credentials.token ?? '').trim();
	if (!token) return problem('Token', 'is required');
	if (!TOKEN_CHARS.test(token))
		return problem(
			'Token',
			'contains spaces, line breaks or other characters a header cannot carry',
		);

	const given = String(credentials.domain ?? '').trim();
	const domain = given ? domainFromField(given) : deriveDomain(base.baseUrl);
	if (given && !domain)
		return problem(
			'Domain',
			`must be the account name only (letters, digits and hyphens) or the account's address; ${DOMAIN_HELP}`,
		);
	// A credential saved before the field existed has no value: the interface document's form.
	const multiSelectForm: MultiSelectForm =
		credentials.multiSelectForm === 'plain' ? 'plain' : 'suffix';
	return { connection: { baseUrl: base.baseUrl, domain, token, multiSelectForm } };
}
