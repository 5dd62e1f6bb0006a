import { getOneOperation } from '../../shared/standard';

export const { option, description } = getOneOperation({
	resource: 'relation',
	singular: 'relation',
	plural: 'relations',
	path: '/api/integration/relation/show',
	idName: 'relationId',
	idDisplayName: 'Relation',
	searchListMethod: 'searchRelations',
});
