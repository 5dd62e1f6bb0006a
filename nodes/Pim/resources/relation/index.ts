import { resourceModule } from '../../shared/registry';
import * as get from './get';
import * as getAll from './getAll';
import * as getProductRelation from './getProductRelation';

export const relation = resourceModule(
	{ value: 'relation', name: 'Relation' },
	[get, getAll, getProductRelation],
	'getAll',
);
