// No async boundary: the shared packages the start-up code imports are provided eagerly (see
// webpack.config.js), so it runs as soon as main.js does.
import './bootstrap';
