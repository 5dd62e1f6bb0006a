import type { INodeProperties } from 'n8n-workflow';

import * as assignCategory from './assignCategory';
import * as assignChannel from './assignChannel';
import * as create from './create';
import { sharedProductFields } from './fields';
import * as get from './get';
import * as getAll from './getAll';
import * as getBySku from './getBySku';
import * as update from './update';
import * as upsert from './upsert';

const operations = [create, upsert, get, getBySku, getAll, update, assignChannel, assignCategory];

export const productDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['product'] } },
		options: operations.map((op) => op.option),
		default: 'getAll',
	},
	// Fields of several operations come first, defined once each (see fields.ts).
	...sharedProductFields,
	...operations.flatMap((op) => op.description),
];
