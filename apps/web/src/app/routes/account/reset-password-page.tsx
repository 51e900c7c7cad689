export { Component } from '../placeholder/placeholder-page';
