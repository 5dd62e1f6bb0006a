import { resourceModule } from '../../shared/registry';
import * as get from './get';
import * as getAll from './getAll';
import * as getProducts from './getProducts';

export const category = resourceModule(
	{ value: 'category', name: 'Category' },
	[get, getAll, getProducts],
	'getAll',
);
