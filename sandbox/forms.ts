/* eslint-disable @n8n/community-nodes/require-node-api-error -- the sandbox is a development HTTP server, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * Request body and query decoding.
 *
 * - `application/x-www-form-urlencoded` and query strings are parsed exactly as PHP's
 *   `parse_str` / `$_POST` does (bracket notation, `[]` appends, numeric-string keys become integers,
 *   dots and spaces in the base name become `_`, an unclosed first `[` becomes `_`, nesting limit 64).
 * - `application/json` is parsed with JSON.parse (the top level must be an object).
 * - `multipart/form-data` text fields are parsed with the same bracket rules; a file part's value is its file name.
 *
 * A PHP array whose keys are all integers is returned as a JS array in PHP's (insertion) order; any other
 * PHP array becomes a plain object.
 */

type PhpKey = string | number;
type PhpNode = string | PhpArray;

class PhpArray {
	readonly map = new Map<PhpKey, PhpNode>();
	private nextIndex = 0;

	set(key: PhpKey, value: PhpNode): void {
		if (typeof key === 'number' && key >= this.nextIndex) this.nextIndex = key + 1;
		this.map.set(key, value);
	}
	append(value: PhpNode): void {
		this.set(this.nextIndex, value);
	}
	get(key: PhpKey): PhpNode | undefined {
		return this.map.get(key);
	}
}

const MAX_NESTING = 64;

/** PHP turns decimal integer strings without leading zeros (and in range) into integer keys. */
function normaliseKey(key: string): PhpKey {
	if (/^(0|-?[1-9][0-9]{0,17})$/.test(key)) return Number(key);
	return key;
}

/** PHP `urldecode`: `+` is a space, `%XX` a byte; invalid escapes are kept literally; bytes are read as UTF-8. */
export function phpUrlDecode(s: string): string {
	if (s.indexOf('%') < 0) return s.indexOf('+') < 0 ? s : s.replace(/\+/g, ' ');
	const src = Buffer.from(s.replace(/\+/g, ' '), 'utf8');
	const out = Buffer.allocUnsafe(src.length);
	let o = 0;
	for (let i = 0; i < src.length; i++) {
		const c = src[i];
		if (c === 0x25 && i + 2 < src.length && isHex(src[i + 1]) && isHex(src[i + 2])) {
			out[o++] = parseInt(String.fromCharCode(src[i + 1], src[i + 2]), 16);
			i += 2;
		} else {
			out[o++] = c;
		}
	}
	return out.subarray(0, o).toString('utf8');
}

function isHex(c: number | undefined): boolean {
	return (
		c !== undefined &&
		((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66))
	);
}

/** Registers one `name=value` pair into `root` following PHP's php_register_variable_ex. */
function register(root: PhpArray, rawName: string, value: string): void {
	const name = rawName.replace(/^ +/, '');
	let base = '';
	let bracket = -1;
	for (let i = 0; i < name.length; i++) {
		const c = name[i];
		if (c === ' ' || c === '.') base += '_';
		else if (c === '[') {
			bracket = i;
			break;
		} else base += c;
	}
	if (base.length === 0) return;
	if (bracket < 0) {
		root.set(normaliseKey(base), value);
		return;
	}

	const indexes: Array<string | null> = [];
	let p = bracket; // points at '['
	for (;;) {
		if (indexes.length + 1 > MAX_NESTING) return; // PHP drops the variable
		let start = p + 1;
		let idx: string | null;
		if (name[start] === ' ' && name[start + 1] === ']') start++;
		if (name[start] === ']') {
			idx = null;
			p = start;
		} else {
			const close = name.indexOf(']', start);
			if (close < 0) {
				if (indexes.length === 0) {
					// Unclosed first '[': it becomes '_' and the rest is part of a plain name.
					root.set(normaliseKey(base + '_' + name.slice(p + 1)), value);
					return;
				}
				break; // unclosed later '[': the rest is ignored
			}
			idx = name.slice(p + 1, close);
			p = close;
		}
		indexes.push(idx);
		if (name[p + 1] === '[') {
			p = p + 1;
			continue;
		}
		break; // anything after the last ']' is ignored
	}

	let current = root;
	let key: PhpKey | null = normaliseKey(base);
	for (const idx of indexes) {
		let child: PhpArray;
		if (key === null) {
			child = new PhpArray();
			current.append(child);
		} else {
			const existing = current.get(key);
			if (existing instanceof PhpArray) child = existing;
			else {
				child = new PhpArray();
				current.set(key, child);
			}
		}
		current = child;
		key = idx === null ? null : normaliseKey(idx);
	}
	if (key === null) current.append(value);
	else current.set(key, value);
}

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
	Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function toPlain(node: PhpNode): unknown {
	if (typeof node === 'string') return node;
	const keys = [...node.map.keys()];
	if (keys.length === 0) return [];
	if (keys.every((k) => typeof k === 'number')) return [...node.map.values()].map(toPlain);
	const obj: Record<string, unknown> = {};
	for (const [k, v] of node.map) setOwn(obj, String(k), toPlain(v));
	return obj;
}

function splitPairs(input: string): Array<[string, string]> {
	const pairs: Array<[string, string]> = [];
	if (!input) return pairs;
	for (const part of input.split('&')) {
		if (part === '') continue;
		const eq = part.indexOf('=');
		const rawKey = eq < 0 ? part : part.slice(0, eq);
		const rawValue = eq < 0 ? '' : part.slice(eq + 1);
		pairs.push([phpUrlDecode(rawKey), phpUrlDecode(rawValue)]);
	}
	return pairs;
}

/** Parses a query string or urlencoded body the way PHP does. Returns a plain object. */
export function parsePhpQuery(input: string): Record<string, unknown> {
	const root = new PhpArray();
	for (const [k, v] of splitPairs(input)) register(root, k, v);
	return rootToObject(root);
}

function rootToObject(root: PhpArray): Record<string, unknown> {
	const obj: Record<string, unknown> = {};
	for (const [k, v] of root.map) setOwn(obj, String(k), toPlain(v));
	return obj;
}

/** Flat view of a query string for the request log: decoded keys as on the wire; a repeated key keeps its last value. */
export function flatQuery(input: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of splitPairs(input)) setOwn(out, k, v);
	return out;
}

/** Parses `multipart/form-data` text fields (files: their file name) with PHP's bracket rules. */
export function parseMultipart(body: Buffer, contentType: string): Record<string, unknown> {
	const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	if (!m) throw new BodyError(400, 'The multipart body has no boundary.');
	const boundary = '--' + (m[1] ?? m[2]);
	const text = body.toString('latin1');
	const root = new PhpArray();
	const parts = text.split(boundary);
	for (let i = 1; i < parts.length; i++) {
		let part = parts[i];
		if (part.startsWith('--')) break; // closing delimiter
		if (part.startsWith('\r\n')) part = part.slice(2);
		const headerEnd = part.indexOf('\r\n\r\n');
		if (headerEnd < 0) continue;
		const headers = part.slice(0, headerEnd);
		let content = part.slice(headerEnd + 4);
		if (content.endsWith('\r\n')) content = content.slice(0, -2);
		const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
		const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
		if (name === undefined) continue;
		const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
		const value =
			filename !== undefined ? filename : Buffer.from(content, 'latin1').toString('utf8');
		register(root, Buffer.from(name, 'latin1').toString('utf8'), value);
	}
	return rootToObject(root);
}

export class BodyError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

export interface DecodedBody {
	kind: 'empty' | 'form' | 'json' | 'multipart';
	value: Record<string, unknown>;
}

/** Decodes a request body by its content type. Throws BodyError (400/415) when it cannot. */
export function decodeBody(raw: Buffer, contentType: string | undefined): DecodedBody {
	if (raw.length === 0) return { kind: 'empty', value: {} };
	const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
	if (type === 'application/x-www-form-urlencoded') {
		return { kind: 'form', value: parsePhpQuery(raw.toString('utf8')) };
	}
	if (type === 'application/json' || type.endsWith('+json')) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(raw.toString('utf8'));
		} catch {
			throw new BodyError(400, 'The request body is not valid JSON.');
		}
		if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
			throw new BodyError(400, 'The JSON request body must be an object.');
		}
		return { kind: 'json', value: parsed as Record<string, unknown> };
	}
	if (type === 'multipart/form-data') {
		return { kind: 'multipart', value: parseMultipart(raw, contentType ?? '') };
	}
	throw new BodyError(
		415,
		`Unsupported content type '${type || '(none)'}'. Use application/x-www-form-urlencoded, application/json or multipart/form-data.`,
	);
}

// ---- value helpers used by the handlers (work for form, JSON and multipart bodies alike) ----

export function isRecord(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A scalar as a string: strings as is, numbers as decimal, booleans as `1`/`0`; anything else undefined. */
export function asString(v: unknown): string | undefined {
	if (typeof v === 'string') return v;
	if (typeof v === 'number' && Number.isFinite(v)) return String(v);
	if (typeof v === 'boolean') return v ? '1' : '0';
	return undefined;
}

/** A list: arrays as is, objects by their values, a scalar as a one-element list, null/undefined as empty. */
export function asList(v: unknown): unknown[] {
	if (v === undefined || v === null) return [];
	if (Array.isArray(v)) return v;
	if (isRecord(v)) return Object.values(v);
	return [v];
}

/** `1`/`0`/`true`/`false` (strings, numbers or JSON booleans). undefined when absent, null when invalid. */
export function asBool(v: unknown): boolean | undefined | null {
	if (v === undefined || v === null || v === '') return undefined;
	if (typeof v === 'boolean') return v;
	if (v === 1 || v === 0) return v === 1;
	if (typeof v === 'string') {
		const s = v.trim().toLowerCase();
		if (s === '1' || s === 'true') return true;
		if (s === '0' || s === 'false') return false;
	}
	return null;
}
