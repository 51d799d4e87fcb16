import { mountStandalone } from '../../tools/harness/mountStandalone';
import App from './App';

mountStandalone(App, '/user');
