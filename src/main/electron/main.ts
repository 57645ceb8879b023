console.log("main placeholder");
