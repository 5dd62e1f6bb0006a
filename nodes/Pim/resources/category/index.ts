import { operationPicker } from '../../shared/standard';
import * as get from './get';
import * as getAll from './getAll';
import * as getProducts from './getProducts';

export const categoryDescription = operationPicker(
	'category',
	[get, getAll, getProducts],
	'getAll',
);
