import { resourceModule } from '../../shared/standard';
import * as get from './get';
import * as getAll from './getAll';
import * as getProducts from './getProducts';

export const category = resourceModule(
	{ value: 'category', name: 'Category' },
	[get, getAll, getProducts],
	'getAll',
);
