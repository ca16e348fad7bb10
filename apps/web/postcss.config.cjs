// Mantine's PostCSS preset (rem(), light-dark(), mixins). Breakpoints in media queries are written as
// em values (sm = 48em, xs = 36em): Biome's CSS parser rejects postcss-simple-vars' `$` variables.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
