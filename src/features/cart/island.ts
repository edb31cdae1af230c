/** The cart page's island name: its element `[data-island="cart"]` and `<template data-later="island-cart">`. */
export const CART_ISLAND = 'cart';
