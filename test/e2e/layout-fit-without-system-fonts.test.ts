// The layout tour (layout-tour.ts) in Chromium with none of the machine's fonts: only the fonts
// the app ships. Every screen must read and fit the same as on a machine with fonts.
import { layoutTour } from './layout-tour';

layoutTour({ systemFonts: 'hidden' });
