import { ENDPOINTS } from '../../shared/endpoints';
import { getOneOperation } from '../../shared/registry';

export const { option, description } = getOneOperation({
	resource: 'relation',
	singular: 'relation',
	plural: 'relations',
	path: ENDPOINTS.relationShow,
	idName: 'relationId',
	idDisplayName: 'Relation',
	searchListMethod: 'searchRelations',
});
