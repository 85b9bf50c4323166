const { src, dest } = require('gulp');

// tsc compiles the TypeScript; this step copies what it does not: icons and codex files.
function buildIcons() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;
