import { getOneOperation } from '../../shared/standard';

export const { option, description } = getOneOperation({
	resource: 'attribute',
	singular: 'attribute',
	plural: 'attributes',
	path: '/api/integration/attribute/show',
	idName: 'attributeId',
	idDisplayName: 'Attribute',
	searchListMethod: 'searchAttributes',
});
