/**
 * The property builders every resource uses (nodes/Pim/shared/descriptions.ts): names and
 * defaults are part of the contract with saved workflows, so they are pinned here.
 */
import type { INodeProperties } from 'n8n-workflow';

import {
	codeDropdown,
	FROM_VERSION_2,
	idLocator,
	listOptions,
	requestOptions,
	returnAllAndLimit,
	showFor,
	VERSION_1,
} from '../../nodes/Pim/shared/descriptions';
import { RUN_SETTINGS } from '../../nodes/Pim/shared/policy';

describe('showFor', () => {
	it('shows a property for one resource and its operations, optionally for node versions', () => {
		expect(showFor('product', ['create', 'update'])).toEqual({
			show: { resource: ['product'], operation: ['create', 'update'] },
		});
		expect(showFor('product', ['create'], VERSION_1)).toEqual({
			show: { resource: ['product'], operation: ['create'], '@version': [1] },
		});
		expect(showFor('product', ['create'], FROM_VERSION_2).show['@version']).toEqual([
			{ _cnd: { gte: 2 } },
		]);
	});
});

describe('codeDropdown', () => {
	it('is an options dropdown filled by its method, and its description says how to give a code by expression', () => {
		const plain = codeDropdown({
			displayName: 'Family',
			name: 'familyCode',
			method: 'getFamilies',
		});
		expect(plain).toMatchObject({
			type: 'options',
			default: '',
			typeOptions: { loadOptionsMethod: 'getFamilies' },
		});
		expect(plain.description).toMatch(/^Choose from the list, or specify a code using an <a href=/);
		const described = codeDropdown({
			displayName: 'Channel',
			name: 'channelCode',
			method: 'getChannels',
			description: 'Only products of this channel.',
		});
		expect(described.description).toMatch(
			/^Only products of this channel\. Choose from the list, or specify a code/,
		);
		// No dependency on other parameters: n8n resolves those without input data.
		expect(described.typeOptions).toEqual({ loadOptionsMethod: 'getChannels' });
		// A code dropdown stays strict unless version 2 resolves more than codes in it.
		expect(plain.allowArbitraryValues).toBeUndefined();
	});

	it('one that also takes titles says so and lets the editor accept them (no "not supported" warning)', () => {
		const family = codeDropdown({
			displayName: 'Family',
			name: 'familyCode',
			method: 'getFamilies',
			alsoTakes: "the family's title",
		});
		expect(family.allowArbitraryValues).toBe(true);
		expect(family.description).toMatch(/Version 2 also takes the family's title\.$/);
	});
});

describe('list and id builders', () => {
	it('returnAllAndLimit: Return All (false) and Limit (50, at least 1), Limit only without Return All', () => {
		const [returnAll, limit] = returnAllAndLimit('family', 'getAll');
		expect(returnAll).toMatchObject({ name: 'returnAll', type: 'boolean', default: false });
		expect(limit).toMatchObject({
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
		});
		expect(limit.displayOptions?.show).toMatchObject({
			resource: ['family'],
			operation: ['getAll'],
			returnAll: [false],
		});
	});

	it('listOptions: Max Pages (0), Page Size (100, 1-1000) and Start Page (1), in alphabetical order', () => {
		const options = listOptions('product', 'getAll').options as INodeProperties[];
		expect(options.map((o) => [o.name, o.default])).toEqual([
			['maxPages', 0],
			['pageSize', 100],
			['startPage', 1],
		]);
		expect(options[1].typeOptions).toEqual({ minValue: 1, maxValue: 1000 });
	});

	it('idLocator: list and id modes, the id checked before sending and sent as a trimmed query value', () => {
		const locator = idLocator({
			name: 'familyId',
			displayName: 'Family',
			resource: 'family',
			operations: ['get'],
			searchListMethod: 'searchFamilies',
		});
		expect(locator.type).toBe('resourceLocator');
		expect(locator.modes?.map((m) => m.name)).toEqual(['list', 'id']);
		expect(locator.routing?.send).toMatchObject({
			type: 'query',
			property: 'id',
			value: '={{ String($value).trim() }}',
		});
		expect(locator.routing?.send?.preSend).toHaveLength(1);
		const body = idLocator({
			name: 'channelId',
			displayName: 'Channel',
			resource: 'channel',
			operations: ['get'],
			searchListMethod: 'searchChannels',
			send: 'body',
		});
		expect(body.routing?.send?.type).toBe('body');
	});

	it('requestOptions: the reliability settings with the documented defaults', () => {
		const options = requestOptions.options as INodeProperties[];
		expect(Object.fromEntries(options.map((o) => [o.name, o.default]))).toMatchObject({
			maxConcurrency: 5,
			maxRetries: 5,
		});
	});
});

describe('requestOptions', () => {
	it("shows the defaults an operation runs with (policy.ts's RUN_SETTINGS)", () => {
		const shown = Object.fromEntries(
			(requestOptions.options as INodeProperties[]).map((o) => [o.name, o.default]),
		);
		expect(shown).toEqual({
			maxConcurrency: RUN_SETTINGS.maxConcurrency,
			maxRetries: RUN_SETTINGS.maxRetries,
			maxRetryWait: RUN_SETTINGS.maxRetryWaitMs / 1000,
			timeout: RUN_SETTINGS.timeoutMs,
		});
	});
});
