import * as assignCategory from './assignCategory';
import * as assignChannel from './assignChannel';
import * as create from './create';
import * as exportFile from './exportFile';
import { sharedProductFields, type ProductOperation } from './descriptions/fields';
import * as get from './get';
import * as getAll from './getAll';
import * as getBySku from './getBySku';
import * as importFile from './importFile';
import * as update from './update';
import * as upsert from './upsert';
import { resourceModule } from '../../shared/registry';

const operations: ProductOperation[] = [
	create,
	upsert,
	get,
	getBySku,
	getAll,
	update,
	assignChannel,
	assignCategory,
	importFile,
	exportFile,
];

// Import File's file and row columns, then the fields of several operations, come first, defined
// once each (see fields.ts).
export const product = resourceModule({ value: 'product', name: 'Product' }, operations, 'getAll', [
	...importFile.leadingFields,
	...sharedProductFields(operations),
]);
