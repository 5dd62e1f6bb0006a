// n8n loads the node and credential from the paths in package.json's "n8n" section;
// this entry point exposes the same classes to code that requires the package.
module.exports = {
	Pim: require('./dist/nodes/Pim/Pim.node.js').Pim,
	PimTrigger: require('./dist/nodes/PimTrigger/PimTrigger.node.js').PimTrigger,
	PimApi: require('./dist/credentials/PimApi.credentials.js').PimApi,
};
