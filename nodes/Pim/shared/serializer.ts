/**
 * Form bodies in the PHP bracket notation the interface documents (`channel[0][code]`,
 * `color-multi-select[]`, `image[]`). Keys keep their brackets literally, as the interface
 * writes them; everything else is percent-encoded. Booleans go over the wire as `1` / `0`.
 */

export type FormValue = string | number | boolean;
export type FormField = [key: string, value: FormValue];

export function formValue(value: FormValue): string {
	if (typeof value === 'boolean') return value ? '1' : '0';
	return String(value);
}

function encodeKey(key: string): string {
	return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

/** Serialises fields in order; repeated keys (`image[]`) stay repeated. */
export function serializeForm(fields: FormField[]): string {
	return fields
		.map(([key, value]) => `${encodeKey(key)}=${encodeURIComponent(formValue(value))}`)
		.join('&');
}
