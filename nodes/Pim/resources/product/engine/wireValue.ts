import { attributeCodeProblem, type AttributeKind } from '../../../shared/attributes';
import { text } from '../../../shared/records';
import { fail, listOf, yesNo } from '../../../shared/params';
import { formValue, type FormValue } from '../../../shared/serializer';
import type { AttributeValues } from './body';
import { isNoValue } from '../conventions';

/**
 * An attribute value of a version-2 write (mapping.ts) as the form sends it: typed by the
 * attribute's kind (a list, yes or no, a date), its text made once.
 */

/** The mapper's label: the parameter a mapped value's problem names. */
export const COLUMNS_LABEL = 'Attributes';

/** A problem of a mapped value: the node's own error (params.ts fail), naming the parameter. */
export function failColumns(message: string, description?: string): never {
	fail(`Parameter "${COLUMNS_LABEL}": ${message}`, description);
}

const isDateTime = (value: unknown): value is { toISO: () => string } =>
	!!value &&
	typeof value === 'object' &&
	typeof (value as { toISO?: unknown }).toISO === 'function';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the PIM writes it (YYYY/MM/DD), from an ISO string, a Date or n8n's DateTime; else as given. */
function dateValue(value: unknown): string {
	// A Date's own calendar day (toISOString would shift it to UTC).
	if (value instanceof Date)
		return `${value.getFullYear()}/${pad(value.getMonth() + 1)}/${pad(value.getDate())}`;
	const raw = isDateTime(value) ? String(value.toISO()) : text(value).trim();
	const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T\s])/.exec(raw);
	return m ? `${m[1]}/${m[2].padStart(2, '0')}/${m[3].padStart(2, '0')}` : raw;
}

/** A list typed into the editor's array field as JSON (`["Red", "Green"]`). */
function jsonArray(value: unknown): unknown[] | undefined {
	if (typeof value !== 'string' || !value.trim().startsWith('[')) return undefined;
	try {
		const parsed: unknown = JSON.parse(value);
		return Array.isArray(parsed) ? parsed : undefined;
	} catch {
		return undefined;
	}
}

/**
 * One attribute's value as the form sends it, its text made here once (the comparison, the
 * catalogue and the request all read it); undefined for an empty value (nothing is sent).
 */
export function wireValue(
	code: string,
	kind: AttributeKind,
	value: unknown,
	source: string,
): string | string[] | undefined {
	if (isNoValue(value)) return undefined;
	if (
		value &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		!(value instanceof Date) &&
		!isDateTime(value)
	) {
		failColumns(
			`${source} holds an object; the attribute "${code}" takes a text value`,
			'Map one of its fields instead, e.g. {{ $json.price.amount }}.',
		);
	}
	if (kind === 'multiSelect') {
		const list = jsonArray(value) ?? value;
		if (Array.isArray(list) && list.some((v) => v !== null && typeof v === 'object')) {
			failColumns(
				`${source} holds a list with objects; the attribute "${code}" takes a list of texts`,
			);
		}
		// A list given as a list (an array, or a JSON list in a text such as a file's cell) keeps
		// each value as it is, spaces around it included: it is the form that says where a value
		// ends (Export File writes a value with spaces around it so, and a record shows it so). Only
		// a blank value sends nothing. A comma-separated text is split and each part trimmed: the
		// spaces after its commas are the separator's.
		const values = Array.isArray(list)
			? list.map(text).filter((v) => v.trim() !== '')
			: listOf(list);
		return values.length ? values : undefined;
	}
	if (kind === 'boolean') {
		const yes = yesNo(value, `Parameter "${COLUMNS_LABEL}": ${source}`, `the attribute "${code}"`);
		return yes === undefined ? undefined : formValue(yes);
	}
	if (kind === 'date') return dateValue(value);
	if (Array.isArray(value)) return value.map(text).join(', ');
	if (value instanceof Date) return value.toISOString();
	if (isDateTime(value)) return String(value.toISO());
	return formValue(value as FormValue);
}

/** One attribute's value added to `out` as the form sends it (nothing for an empty value). */
export function addValue(
	out: AttributeValues,
	code: string,
	kind: AttributeKind,
	value: unknown,
	source: string,
) {
	const problem = attributeCodeProblem(code);
	if (problem) failColumns(`${source}: ${problem}`);
	const wire = wireValue(code, kind, value, source);
	if (wire === undefined) return;
	if (Array.isArray(wire)) out.multiSelectAttributes.push({ code, values: wire });
	else out.attributes.push({ code, value: wire });
}
