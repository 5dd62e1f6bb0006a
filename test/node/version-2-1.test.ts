/**
 * Version 2.1 (new nodes): version 2 whose product writes start in Map Automatically. A saved
 * version-2 node without `columns` keeps Map Each Column Manually (nothing mapped), side by side
 * with a 2.1 node of the same parameters, against the sandbox over HTTP.
 */
import type { INodeProperties } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { productWrite } from '../../harness/product-write';
import { Pim } from '../../nodes/Pim/Pim.node';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
const account = () => env.sb.account('demo');

beforeEach(() => env.sb.reset());

/** A Create or Update whose saved parameters say nothing of the mapper (its default applies). */
const upsertWithoutColumns = () =>
	productWrite('upsert', { columns: undefined, familyCode: account().families[0].code });

describe.each([
	{ version: 2.1, mapped: true },
	{ version: 2, mapped: false },
])('version $version, no `columns` saved', ({ version, mapped }) => {
	it(mapped ? 'maps input fields by attribute' : 'maps nothing, as before', async () => {
		const input = [{ sku: `V${version}-1`, name: 'Linen Shirt', material: 'Linen' }];
		const { items, error } = await runPim(env.creds(), upsertWithoutColumns(), {
			input,
			version,
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.operation)).toEqual(['created']);
		const stored = account().productBySku(`V${version}-1`)!;
		if (mapped) expect(stored.values).toMatchObject({ name: 'Linen Shirt', material: 'Linen' });
		else {
			expect(stored.values).not.toHaveProperty('name');
			expect(stored.values).not.toHaveProperty('material');
		}
	});
});

describe('the description', () => {
	const { description } = new Pim();
	/** The definitions shown at a version (`@version` exact or `gte`), as n8n's editor picks them. */
	const shownAt = (version: number) =>
		description.properties.filter((p: INodeProperties) => {
			const at = p.displayOptions?.show?.['@version'] as
				| Array<number | { _cnd: { gte: number } }>
				| undefined;
			return !at || at.some((c) => (typeof c === 'number' ? c === version : version >= c._cnd.gte));
		});
	const operationsAt = (version: number) =>
		shownAt(version)
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.options as Array<{ value: string }>).map(
					(o) => `${String(p.displayOptions?.show?.resource)}.${o.value}`,
				),
			)
			.sort();

	it('new nodes get 2.1', () => {
		expect(description.version).toEqual([1, 2, 2.1]);
		expect(description.defaultVersion).toBe(2.1);
	});

	it("2.1's mapper starts in Map Automatically, 2's in Map Each Column Manually", () => {
		const modeAt = (version: number) =>
			shownAt(version)
				.filter((p) => p.name === 'columns')
				.map((p) => (p.default as { mappingMode: string }).mappingMode);
		expect(modeAt(2)).toEqual(['defineBelow']);
		expect(modeAt(2.1)).toEqual(['autoMapInputData']);
	});

	it('every operation of version 2 shows in 2.1, with the same parameters but the mapper', () => {
		expect(operationsAt(2.1)).toEqual(operationsAt(2));
		const names = (version: number) =>
			shownAt(version)
				.map((p) => `${p.name}:${JSON.stringify(p.displayOptions?.show?.operation ?? [])}`)
				.sort();
		expect(names(2.1)).toEqual(names(2));
	});
});
