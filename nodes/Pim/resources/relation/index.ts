import { operationPicker } from '../../shared/standard';
import * as get from './get';
import * as getAll from './getAll';
import * as getProductRelation from './getProductRelation';

export const relationDescription = operationPicker(
	'relation',
	[get, getAll, getProductRelation],
	'getAll',
);
