/**
 * Reading and checking node parameters (nodes/Pim/shared/params.ts), with a minimal stand-in for
 * n8n's item context: every problem is an error naming the parameter.
 */
import type { IExecuteSingleFunctions, INode } from 'n8n-workflow';

import { itemOf, type PimItem } from '../../nodes/Pim/shared/item';
import { attributeCodeProblem, isAttributeCode } from '../../nodes/Pim/shared/attributes';
import {
	listOf,
	maxRecords,
	optionalString,
	pageSize,
	pageSlice,
	positiveId,
	runSettings,
} from '../../nodes/Pim/shared/params';

/** An item whose parameters are `params`, as n8n's getNodeParameter returns them. */
function ctx(params: Record<string, unknown>): PimItem {
	return itemOf({
		getNode: () =>
			({
				name: 'PIM',
				type: 'n8n-nodes-pim.pim',
				typeVersion: 2,
				parameters: {},
			}) as unknown as INode,
		getItemIndex: () => 0,
		getNodeParameter: (name: string, fallback?: unknown) => {
			const value = params[name];
			if (value && typeof value === 'object' && '__rl' in (value as object))
				return (value as { value: unknown }).value;
			return value === undefined ? fallback : value;
		},
	} as unknown as IExecuteSingleFunctions);
}

describe('small readers', () => {
	it('optionalString trims and treats empty, null and undefined as absent', () => {
		expect([
			optionalString(' a '),
			optionalString(''),
			optionalString('  '),
			optionalString(null),
			optionalString(undefined),
			optionalString(7),
		]).toEqual(['a', undefined, undefined, undefined, undefined, '7']);
	});

	it('listOf accepts a list or one comma-separated string, dropping empties', () => {
		expect(listOf(['a', ' b ', ''])).toEqual(['a', 'b']);
		expect(listOf('red, blue,,green')).toEqual(['red', 'blue', 'green']);
		expect(listOf(undefined)).toEqual([]);
	});

	it('one attribute-code rule: no brackets, =, & or whitespace; reserved keys have their own fields', () => {
		for (const good of ['name', 'color', 'manu_date', 'attr-01', 'Größe'])
			expect(isAttributeCode(good)).toBe(true);
		for (const bad of ['a[b]', 'a]', 'a=b', 'a&b', 'a b', 'a\tb', ''])
			expect(isAttributeCode(bad)).toBe(false);
		expect(attributeCodeProblem('name')).toBeUndefined();
		expect(attributeCodeProblem('a[0]')).toBe('"a[0]" is not a valid attribute code');
		expect(attributeCodeProblem('sku')).toBe('"sku" has its own field in this node; set it there');
	});
});

describe('checked parameters', () => {
	it('positiveId takes a whole number from a plain value or a resource locator, and names the parameter', () => {
		expect(positiveId(ctx({ productId: ' 42 ' }), 'productId', 'Product')).toBe('42');
		expect(
			positiveId(
				ctx({ productId: { __rl: true, mode: 'id', value: '7' } }),
				'productId',
				'Product',
			),
		).toBe('7');
		expect(() => positiveId(ctx({ productId: '' }), 'productId', 'Product')).toThrow(
			'Parameter "Product" is required',
		);
		expect(() => positiveId(ctx({ productId: '0' }), 'productId', 'Product')).toThrow(
			'Parameter "Product" must be a positive whole number (got "0")',
		);
		expect(() => positiveId(ctx({ productId: '4.5' }), 'productId', 'Product')).toThrow(
			/positive whole number/,
		);
	});

	it('maxRecords: Return All is unlimited, Limit must be at least 1', () => {
		expect(maxRecords(ctx({ returnAll: true }))).toBe(Infinity);
		expect(maxRecords(ctx({ returnAll: false, limit: 20 }))).toBe(20);
		expect(maxRecords(ctx({}))).toBe(50);
		expect(() => maxRecords(ctx({ returnAll: false, limit: 0 }))).toThrow(
			'Parameter "Limit" must be a number of at least 1 (got "0")',
		);
	});

	it('pageSize: the Limit in one page, 1000 for Return All or a slice, Page Size when set (at most 1000)', () => {
		expect(pageSize(ctx({}), 50)).toBe(50);
		expect(pageSize(ctx({}), Infinity)).toBe(1000);
		expect(pageSize(ctx({ options: { startPage: 3 } }), 50)).toBe(1000);
		expect(pageSize(ctx({ options: { pageSize: 100 } }), Infinity)).toBe(100);
		expect(() => pageSize(ctx({ options: { pageSize: 5000 } }), Infinity)).toThrow(
			'Parameter "Page Size" must be at most 1000 (got 5000)',
		);
	});

	it('pageSlice: Start Page ≥ 1 and Max Pages ≥ 0, whole numbers', () => {
		expect(pageSlice(ctx({}))).toEqual({ startPage: 1, maxPages: 0 });
		expect(pageSlice(ctx({ options: { startPage: '101', maxPages: '100' } }))).toEqual({
			startPage: 101,
			maxPages: 100,
		});
		expect(() => pageSlice(ctx({ options: { startPage: 0 } }))).toThrow(
			/"Start Page" must be a number of at least 1/,
		);
		expect(() => pageSlice(ctx({ options: { startPage: 2.5 } }))).toThrow(
			/"Start Page" must be a whole number/,
		);
		expect(() => pageSlice(ctx({ options: { maxPages: -1 } }))).toThrow(
			/"Max Pages" must be a whole number of at least 0/,
		);
	});

	it('runSettings: the Request Options with their defaults, checked', () => {
		expect(runSettings(ctx({}))).toEqual({
			maxConcurrency: 5,
			maxRetries: 5,
			maxRetryWaitMs: 120_000,
			timeoutMs: 60_000,
		});
		expect(
			runSettings(
				ctx({
					requestOptions: { maxConcurrency: 2, maxRetries: 0, maxRetryWait: 10, timeout: 5000 },
				}),
			),
		).toEqual({
			maxConcurrency: 2,
			maxRetries: 0,
			maxRetryWaitMs: 10_000,
			timeoutMs: 5000,
		});
		expect(() => runSettings(ctx({ requestOptions: { maxRetries: -1 } }))).toThrow(
			'Parameter "Max Retries" must be a whole number of 0 or more',
		);
		expect(() => runSettings(ctx({ requestOptions: { maxConcurrency: 0 } }))).toThrow(
			/"Max Concurrent Requests" must be a number of at least 1/,
		);
	});
});
