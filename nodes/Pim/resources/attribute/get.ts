import { ENDPOINTS } from '../../shared/endpoints';
import { getOneOperation } from '../../shared/registry';

export const { option, description } = getOneOperation({
	resource: 'attribute',
	singular: 'attribute',
	plural: 'attributes',
	path: ENDPOINTS.attributeShow,
	idName: 'attributeId',
	idDisplayName: 'Attribute',
	searchListMethod: 'searchAttributes',
});
