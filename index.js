// n8n loads the nodes and the credential from the paths in package.json's "n8n" block;
// this entry point exists so that `require('n8n-nodes-contact-center')` resolves.
module.exports = {};
