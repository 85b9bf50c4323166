// n8n loads the nodes and the credential from the paths in package.json's "n8n" block; nothing is
// exported from here, and this file is not published (the package ships only dist/).
module.exports = {};
