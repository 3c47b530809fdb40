// The home feature's public face: the header banner slider, which the staff console previews banners in.
// Other features import only from here, never from this feature's folders.
export { BannerSlider } from './components/banner-slider';
