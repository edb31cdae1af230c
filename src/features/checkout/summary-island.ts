/** The checkout's order summary island name: its element `[data-island="checkout-summary"]` and its `<template data-later>`. */
export const SUMMARY_ISLAND = 'checkout-summary';
